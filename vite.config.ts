import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserContracts } from './scripts/browser-contracts.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

// React Router's package exports point every condition at its development build (warnings and dev-only
// checks, about 1 KB gzipped more on every page); a build takes the production one it ships beside it.
const reactRouterProduction = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

export default defineConfig(({ command, isSsrBuild }) => ({
  // browserContracts: the client build's contracts hold each endpoint's method and path, not its schemas.
  plugins: [tailwindcss(), react(), browserContracts()],
  resolve: {
    alias: [
      { find: '~', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    // The SSR build is only the prerenderer (scripts/prerender.ts); it never serves requests.
    outDir: isSsrBuild ? 'build/prerender' : 'build/client',
    emptyOutDir: true,
    // The prerenderer reads the manifest to preload each page's chunks.
    manifest: !isSsrBuild,
    // The HTML preloads the entry's imports, but no preload lists go inside the entry for every lazy page
    // (they cost the home page 3 KB): prerendered pages preload their own chunks (scripts/prerender.ts).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []),
    },
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The app, and the prerendered public pages' own script, which loads no React (decision 005).
          input: { index: 'index.html', 'public-main': 'src/client/public-main.ts' },
          output: {
            codeSplitting: {
              groups: [
                {
                  // React alone, which a public page loads without the router for its first toast (decision 005).
                  name: 'react',
                  priority: 2,
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                },
                {
                  // What the prerendered public pages' script (src/client/public-main.ts) shares with the app:
                  // the header's menus, the cookie banner, the carousel, the filter, the contact form. Ahead of the public
                  // shell's group, which would otherwise take them in with the components that import them.
                  name: 'public-script',
                  priority: 1,
                  test: /src[\\/]client[\\/](app[\\/](public-site[\\/]header-menus|cookie-consent-prompt)|site[\\/](contact-form|testimonial-carousel|testimonial-filter)-controls|lib[\\/]zod-jitless)\./,
                },
                {
                  // Everything the app's public layout needs beside React, in one request instead of a dozen.
                  name: 'public-shell',
                  test: /src[\\/]client[\\/](app[\\/]public-site[\\/]|components[\\/](logo|page-meta)|components[\\/]ui[\\/]button-variants|lib[\\/](cn|public-url)|site[\\/]components[\\/])|node_modules[\\/](clsx|class-variance-authority)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared|icons[\\/](chevron-down|menu|x)\.js)/,
                },
                {
                  // What every signed-in page needs beside React and the router (decision 037), in one request
                  // instead of some seventy: the portal's shell (its header's menus and drawer, the session, the
                  // live socket), the Radix parts they are made of, TanStack Query. Not what the public job
                  // board shares with it (the API client, buttons, alerts, labels): that page would load it all.
                  name: 'portal-shell',
                  includeDependenciesRecursively: false,
                  test: /src[\\/](client[\\/](app[\\/]portal-shell[\\/](?!no-company-page)|lib[\\/](query-client|query-keys|live-socket|live-refetch|allowed)\.|components[\\/]ui[\\/](sheet|tooltip|dropdown-menu|popover|spinner)\.|(auth|messaging|notifications)[\\/]api\.)|shared[\\/]((page-)?permissions|company-roles|dashboard-paths|live-connection|messaging-limits|notification-texts|maintenance-texts)\.)|node_modules[\\/](@tanstack[\\/]|@radix-ui[\\/]react-(dialog|dropdown-menu|menu|popover|popper|tooltip|collection|roving-focus|dismissable-layer|focus-scope|focus-guards|portal|presence|arrow|visually-hidden|context|use-[a-z-]+|id|direction)[\\/]|@floating-ui[\\/]|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|detect-node-es|tslib)/,
                },
              ],
            },
          },
        },
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true },
    },
  },
}));

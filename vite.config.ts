import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

// React Router's package exports point every condition at its development build (warnings and dev-only
// checks, about 1 KB gzipped more on every page); a build takes the production one it ships beside it.
const reactRouterProduction = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), react()],
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
          output: {
            codeSplitting: {
              groups: [
                {
                  // Everything every public page needs beside React, in one request instead of a dozen.
                  name: 'public-shell',
                  test: /src[\\/]client[\\/](app[\\/]public-site[\\/]|components[\\/](logo|page-meta)|components[\\/]ui[\\/]button-variants|lib[\\/](cn|public-url)|site[\\/]components[\\/])|node_modules[\\/](clsx|class-variance-authority)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared|icons[\\/](chevron-down|menu|x)\.js)/,
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

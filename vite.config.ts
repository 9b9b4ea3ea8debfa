import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserContracts } from './scripts/browser-contracts.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

// React Router's package exports point every condition at its development build (warnings and dev-only
// checks, about 1 KB gzipped more on every page); a build takes the production one it ships beside it.
const reactRouterProduction = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

// The portal shell's own modules (its group in the client build, decision 037).
const portalShellModules =
  /src[\\/](client[\\/](app[\\/]portal-shell[\\/](?!no-company-page)|lib[\\/](query-client|query-keys|live-socket|live-refetch|allowed)\.|components[\\/]ui[\\/](sheet|tooltip|dropdown-menu|popover|spinner)\.|(auth|messaging|notifications)[\\/]api\.)|shared[\\/]((page-)?permissions|company-roles|dashboard-paths|live-connection|messaging-limits|notification-texts|maintenance-texts)\.)|node_modules[\\/](@tanstack[\\/]|@radix-ui[\\/]react-(dialog|dropdown-menu|menu|popover|popper|tooltip|collection|roving-focus|dismissable-layer|focus-scope|focus-guards|portal|presence|arrow|visually-hidden|context|use-[a-z-]+|id|direction)[\\/]|@floating-ui[\\/]|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|detect-node-es|tslib)/;
// Endpoint tables, which go with the shell when a module of the shell imports them.
const shellDependencies = /src[\\/]shared[\\/]contracts[\\/]/;

// The icon files the shell's modules name: they import the package's index, so the icons' own importer is
// that index, not the shell. Read from the sources and the index's `export { default as XIcon } from
// './icons/x.mjs'` lines, so a new icon in the shell needs no change here.
function shellIconFiles(): Set<string> {
  const shellDirectory = path.resolve(import.meta.dirname, 'src/client/app/portal-shell');
  const names = new Set<string>();
  for (const file of readdirSync(shellDirectory)) {
    if (file.includes('.test.') || file.startsWith('no-company-page')) continue;
    const source = readFileSync(path.join(shellDirectory, file), 'utf8');
    for (const [, imported = ''] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
      for (const name of imported.split(',')) if (!name.includes('type ')) names.add(name.trim());
    }
  }
  names.add('XIcon'); // the drawer's close button (components/ui/sheet.tsx)
  const index = readFileSync(
    path.resolve(import.meta.dirname, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'),
    'utf8',
  );
  const files = new Set<string>();
  for (const [, exported = '', file = ''] of index.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g,
  )) {
    if (exported.split(',').some((part) => names.has(part.trim().replace(/^default as /, '')))) files.add(file);
  }
  return files;
}
const shellIcons = shellIconFiles();

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

// Our modules that only the shell imports (the header's unread count, the maintenance notice's API…): with
// the shell, not a request each.
function isImportedByShellOnly(id: string, context: ModuleGraph, visiting = new Set<string>()): boolean {
  if (!/src[\\/](client|shared)[\\/]/.test(id) || visiting.has(id)) return false;
  visiting.add(id);
  const importers = context.getModuleInfo(id)?.importers ?? [];
  return (
    importers.length > 0 &&
    importers.every(
      (importer) => portalShellModules.test(importer) || isImportedByShellOnly(importer, context, visiting),
    )
  );
}

// The small parts every portal page uses (portal-ui): a few components and Radix's shared primitives, and
// the shell's icons (many pages use them too). None imports the shell: the public job board loads this chunk.
const portalUiModules =
  /src[\\/]client[\\/]components[\\/]ui[\\/](button|badge|alert|skeleton|input|card|label|form-field|native-select|textarea)\.|node_modules[\\/]@radix-ui[\\/](primitive|react-primitive|react-compose-refs|react-slot|react-label)[\\/]/;

function isPortalUiModule(id: string) {
  if (portalUiModules.test(id)) return true;
  const icon = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/.exec(id)?.[1];
  return icon !== undefined && shellIcons.has(icon);
}

function isPortalShellModule(id: string, context: ModuleGraph) {
  if (portalShellModules.test(id)) return true;
  if (isImportedByShellOnly(id, context)) return true;
  return (
    shellDependencies.test(id) &&
    (context.getModuleInfo(id)?.importers ?? []).some((importer) => portalShellModules.test(importer))
  );
}

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
          // The app, and the prerendered public pages' own script, which loads no React (decision 040).
          input: { index: 'index.html', 'public-main': 'src/client/public-main.ts' },
          output: {
            codeSplitting: {
              groups: [
                {
                  // React alone, which a public page loads without the router for its first toast (decision 040).
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
                  // The small parts every portal page uses (buttons, badges, alerts, inputs, labels, Radix's
                  // shared primitives), in one request instead of some twelve of half a kilobyte each (decision
                  // 037). Nothing here imports the portal's shell: the public job board loads this chunk too.
                  name: (id) => (isPortalUiModule(id) ? 'portal-ui' : null),
                  includeDependenciesRecursively: false,
                  test: isPortalUiModule,
                },
                {
                  // What every signed-in page needs beside React and the router (decision 037), in one request
                  // instead of some seventy: the portal's shell (its header's menus and drawer, the session, the
                  // live socket), the Radix parts they are made of, TanStack Query, and the icons and endpoint
                  // tables the shell imports. Not what the public job board shares with it (the API client,
                  // buttons, alerts, labels): that page would load it all.
                  name: (id, context) => (isPortalShellModule(id, context) ? 'portal-shell' : null),
                  includeDependenciesRecursively: false,
                  test: (id) =>
                    portalShellModules.test(id) ||
                    shellDependencies.test(id) ||
                    /src[\\/](client|shared)[\\/]/.test(id),
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

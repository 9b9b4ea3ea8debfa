import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type NamespacedUnregister, register } from 'tsx/esm/api';
import type { Plugin } from 'vite';

// The browser's copy of the contracts (decision 037). The one HTTP client reads an endpoint's method and path
// and nothing else (lib/api-client.ts): its answers are typed by the contract, not parsed. Built as they are, the
// contract modules would bring every endpoint's zod schemas, and zod, to every portal page (about 60 KB gzipped
// of 150). In the client build each module of src/shared/contracts is replaced by its endpoints' method, path and
// name, read from the module itself, so the two cannot drift; types still come from the source. Forms keep
// importing their schemas from src/shared/<feature>.ts, so validation is unchanged. Tests and `npm run dev` use
// the modules as written.

const contractsDir = path.resolve(import.meta.dirname, '../src/shared/contracts');

interface BrowserEndpoint {
  method: string;
  path: string;
  name: string;
}

const isEndpoint = (value: unknown): value is BrowserEndpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  typeof value.method === 'string' &&
  'path' in value &&
  typeof value.path === 'string';

const browserEndpoint = ({ method, path, name }: BrowserEndpoint): BrowserEndpoint => ({ method, path, name });

// A contract, or a table of some of its endpoints (applications.ts `applicationMoves`): anything else a
// contract module exports at run time would have no browser copy, and fails the build rather than go missing.
function browserExport(file: string, exportName: string, value: unknown): Record<string, BrowserEndpoint> {
  const entries = typeof value === 'object' && value !== null ? Object.entries(value) : [];
  if (entries.length === 0 || !entries.every(([, endpoint]) => isEndpoint(endpoint))) {
    throw new Error(
      `${path.relative(process.cwd(), file)} exports ${exportName}, which is not a table of endpoints: the browser's copy of a contract (scripts/browser-contracts.ts) holds only those.`,
    );
  }
  return Object.fromEntries(entries.map(([key, endpoint]) => [key, browserEndpoint(endpoint as BrowserEndpoint)]));
}

export function browserContracts(): Plugin {
  let contracts: NamespacedUnregister | undefined;
  return {
    name: 'tandem:browser-contracts',
    enforce: 'pre',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (path.dirname(file) !== contractsDir || !file.endsWith('.ts')) return null;
      contracts ??= register({ namespace: 'tandem-browser-contracts' });
      const module: Record<string, unknown> = await contracts.import(pathToFileURL(file).href, import.meta.url);
      return Object.entries(module)
        .map(
          ([exportName, value]) =>
            `export const ${exportName} = ${JSON.stringify(browserExport(file, exportName, value))};`,
        )
        .join('\n');
    },
    async buildEnd() {
      await contracts?.unregister();
      contracts = undefined;
    },
  };
}

// `npm run build:server`: the production server bundle (vite.server.config.ts), checked to hold no test
// code where it loads at start (scripts/server-bundle-check.ts), then the files it reads from beside its
// own code: the SQL migrations and the common-password list.
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { findTestCodeInServerBundle } from './server-bundle-check';

const output = await build({ configFile: 'vite.server.config.ts', logLevel: 'warn' });
if (Array.isArray(output) || !('output' in output)) throw new Error('The server build gave no single bundle.');
const chunks = output.output.filter((file) => file.type === 'chunk');
const problems = findTestCodeInServerBundle(chunks);
if (problems.length > 0) {
  console.error(`The server bundle loads test code at start (decision 020):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}

// Each file goes beside the chunk that holds the module reading it (import.meta.dirname): which chunk that
// is depends on who else imports the module (the test routes' chunk shares some), so it is looked up.
const filesBesideModules = [
  { module: 'src/server/db/migrate.ts', from: 'src/server/db/migrations', to: 'migrations' },
  {
    module: 'src/server/platform/passwords.ts',
    from: 'src/server/platform/common-passwords.txt',
    to: 'common-passwords.txt',
  },
];
for (const { module, from, to } of filesBesideModules) {
  const chunk = chunks.find((candidate) => candidate.moduleIds.includes(path.resolve(module)));
  if (!chunk) throw new Error(`No chunk of the server bundle holds ${module}, which reads ${from}.`);
  await fs.cp(from, path.join('build/server', path.dirname(chunk.fileName), to), { recursive: true });
}
const sizes = await Promise.all(
  chunks.map(async ({ fileName }) => `${fileName} ${(await fs.stat(`build/server/${fileName}`)).size} B`),
);
console.log(`Built the server: build/server/main.js, no test code loaded at start (${sizes.join(', ')})`);

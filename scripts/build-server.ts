// `npm run build:server`: the production server bundle (vite.server.config.ts), checked to hold no test
// code where it loads at start (scripts/server-bundle-check.ts), then the files it reads from beside its
// own code: the SQL migrations and the common-password list.
import fs from 'node:fs/promises';
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

await fs.cp('src/server/db/migrations', 'build/server/migrations', { recursive: true });
await fs.copyFile('src/server/auth/common-passwords.txt', 'build/server/common-passwords.txt');
const sizes = await Promise.all(
  chunks.map(async ({ fileName }) => `${fileName} ${(await fs.stat(`build/server/${fileName}`)).size} B`),
);
console.log(`Built the server: build/server/main.js, no test code loaded at start (${sizes.join(', ')})`);

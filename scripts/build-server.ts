// `npm run build:server`: the production server bundle (vite.server.config.ts), then the files it
// reads from beside its own code: the SQL migrations and the common-password list.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';

const bundle = spawnSync('npx', ['vite', 'build', '--config', 'vite.server.config.ts', '--logLevel', 'warn'], {
  stdio: 'inherit',
});
if (bundle.status !== 0) process.exit(bundle.status ?? 1);

await fs.cp('src/server/db/migrations', 'build/server/migrations', { recursive: true });
await fs.copyFile('src/server/auth/common-passwords.txt', 'build/server/common-passwords.txt');
console.log('Built the server: build/server/main.js');

// Runs before `npm start`: builds the client and the server when there is no build yet or the sources
// are newer.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

const BUILD_MARKERS = ['build/client/app-shell.html', 'build/server/main.js'];
const SOURCES = [
  'src/client',
  'src/shared',
  'src/server',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.server.config.ts',
  'package-lock.json',
];

async function newestSourceTime(): Promise<number> {
  let newest = 0;
  for (const source of SOURCES) {
    const stat = await fs.stat(source).catch(() => undefined);
    if (!stat) continue;
    if (stat.isFile()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of await fs.readdir(source, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      newest = Math.max(newest, (await fs.stat(path.join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

const markers = await Promise.all(BUILD_MARKERS.map((marker) => fs.stat(marker).catch(() => undefined)));
const builtAt = markers.every(Boolean) ? Math.min(...markers.map((marker) => marker?.mtimeMs ?? 0)) : undefined;
if (builtAt !== undefined && builtAt >= (await newestSourceTime())) process.exit(0);

console.log(builtAt === undefined ? 'No build yet: building…' : 'Sources changed since the last build: building…');
const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
process.exit(result.status ?? 1);

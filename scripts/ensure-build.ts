// Runs before `npm start`: builds the client when there is no build yet or the sources are newer.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

const BUILD_MARKER = 'build/client/app-shell.html';
const SOURCES = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

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

const built = await fs.stat(BUILD_MARKER).catch(() => undefined);
if (built && built.mtimeMs >= (await newestSourceTime())) process.exit(0);

console.log(built ? 'Sources changed since the last build: building the client…' : 'No client build yet: building…');
const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
process.exit(result.status ?? 1);

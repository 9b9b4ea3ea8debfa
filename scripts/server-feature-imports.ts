// Lists every import from one server feature folder (src/server/<feature>/) into another, the ones the
// feature boundary in biome.json names as exceptions (decision 015). `--counts` prints one line per
// importing folder and imported folder instead of one per import.
import fs from 'node:fs';
import path from 'node:path';

const SERVER = path.resolve('src/server');
// Generic infrastructure every feature may import; the root files (app.ts, config.ts…) are not features.
const SHARED_PLACES = new Set(['db', 'mail', 'platform', 'testing']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bvi\.mock\(\s*)'([^']+)'/gm;

function folderOf(file: string): string | undefined {
  const relative = path.relative(SERVER, file);
  if (relative.startsWith('..')) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('~/')) return path.resolve('src', specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return undefined;
}

const crossings: { file: string; line: number; from: string; to: string; specifier: string }[] = [];
for (const entry of fs.readdirSync(SERVER, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const from = folderOf(file);
  if (from === undefined || SHARED_PLACES.has(from)) continue;
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? '';
    const target = resolveSpecifier(file, specifier);
    const to = target && folderOf(target);
    if (to === undefined || to === from || SHARED_PLACES.has(to)) continue;
    const line = text.slice(0, match.index).split('\n').length;
    crossings.push({ file: path.relative('.', file), line, from, to, specifier });
  }
}

if (process.argv.includes('--counts')) {
  const counts = new Map<string, number>();
  for (const { from, to } of crossings) counts.set(`${from} -> ${to}`, (counts.get(`${from} -> ${to}`) ?? 0) + 1);
  for (const [pair, count] of [...counts].sort()) console.log(`${String(count).padStart(3)}  ${pair}`);
} else {
  for (const { file, line, specifier } of crossings) console.log(`${file}:${line}  ${specifier}`);
}
console.log(`${crossings.length} cross-feature imports in ${new Set(crossings.map((c) => c.file)).size} files`);

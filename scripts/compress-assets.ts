// Writes .br and .gz siblings of the built static files so the server never compresses them per request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);
const MIN_BYTES = 1024;

const clientDir = path.resolve('build/client');
let count = 0;
for (const entry of await fs.readdir(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = await fs.readFile(file);
  if (content.length < MIN_BYTES) continue;
  await fs.writeFile(`${file}.br`, await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await fs.writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
  count++;
}
console.log(`Compressed ${count} static files in ${path.relative('.', clientDir)}.`);

import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

// The JavaScript a page loads before it is interactive: the scripts and module preloads its HTML names
// and everything they import statically (from the Vite manifest), each gzipped at level 9.
export async function measureInitialJavaScript(htmlFile: string, clientDir = 'build/client') {
  return measureInitialJavaScriptOf(await fs.readFile(path.join(clientDir, htmlFile), 'utf8'), clientDir);
}

// The same for HTML the server renders per request (the public job board's pages).
export async function measureInitialJavaScriptOf(html: string, clientDir = 'build/client') {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    await fs.readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  );
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const key = keyByFile.get(file);
    for (const imported of (key && manifest[key]?.imports) || []) {
      const chunk = manifest[imported];
      if (chunk) visit(`/${chunk.file}`);
    }
  };
  // Scripts and preloads named in the HTML, including those the boot script adds after the first paint.
  for (const match of html.matchAll(/(?:src|href|data-entry)="(\/assets\/[^"]+\.js)"/g)) visit(match[1] as string);
  for (const match of html.matchAll(/data-preload="([^"]*)"/g)) {
    for (const file of (match[1] ?? '').split(' ').filter(Boolean)) visit(file);
  }
  let gzippedBytes = 0;
  for (const file of files) {
    gzippedBytes += zlib.gzipSync(await fs.readFile(path.join(clientDir, file)), { level: 9 }).length;
  }
  return { files: [...files], gzippedBytes };
}

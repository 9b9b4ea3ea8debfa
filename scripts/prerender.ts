// Renders the public pages to HTML at build time (after `vite build` and the SSR build of
// src/client/entry-prerender.tsx) and writes the shell that every other page starts from.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { homeStructuredData } from '../src/shared/page-meta';
import { aliasPageIds, type PageId, pageIds, paths, serverRenderedPageIds } from '../src/shared/routes';
import {
  APP_SHELL_FILE,
  appShellFileForPage,
  htmlFileForPath,
  NOT_FOUND_FILE,
  PAGE_ADDRESSES_FILE,
  type PageAddresses,
  SERVER_HEAD_MARKER,
  SERVER_HTML_MARKER,
  serverShellFileForPage,
} from '../src/shared/static-pages';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface PrerenderModule {
  renderPage(url: string): Promise<{ head: string; body: string }>;
  routeModuleFiles(id: string): string[];
  notFoundModuleFile: string;
  parameterPages: Array<{ path: string; pageId: PageId }>;
  movedPages: Array<{ from: string; to: string }>;
}

const clientDir = path.resolve('build/client');
// Built files name the site's address with this; the server puts PUBLIC_URL in its place.
const PUBLIC_URL = '%PUBLIC_URL%';
const prerenderEntry = path.resolve('build/prerender/entry-prerender.js');

const template = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
const manifest: Manifest = JSON.parse(await fs.readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
const prerender: PrerenderModule = await import(pathToFileURL(prerenderEntry).href);

function staticImportClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticImportClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The client build has no entry chunk in its manifest.');
// The template already loads these.
const entryChunks = staticImportClosure(entryKey);

// The chunks a page's layout and page modules import that the entry has not already loaded.
function pageChunks(files: string[]): Set<string> {
  const keys = new Set<string>();
  for (const file of files) {
    if (!manifest[file]) throw new Error(`${file} is not in the client build manifest.`);
    for (const key of staticImportClosure(file)) if (!entryChunks.has(key)) keys.add(key);
  }
  return keys;
}

// Preloaded so hydration need not wait for one import after another.
function preloadLinks(files: string[]): string {
  return [...pageChunks(files)]
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
    .join('');
}

// Linked up front (the calendar's), since a lazy import waits for its CSS before it resolves.
function stylesheetLinks(files: string[]): string {
  const sheets = new Set([...pageChunks(files)].flatMap((key) => manifest[key]?.css ?? []));
  return [...sheets].map((sheet) => `<link rel="stylesheet" crossorigin href="/${sheet}">`).join('');
}

// Prerendered pages carry their stylesheet inline: on a slow mobile connection the first paint then
// waits for nothing but the HTML, instead of a stylesheet competing with the JavaScript downloads
// (Lighthouse's LCP went from 2.2 s to well under 1.5 s). Client-side navigation already has it.
const stylesheetLink = template.match(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/);
if (!stylesheetLink?.[1]) throw new Error('The built index.html links no stylesheet.');
const inlineStylesheet = `<style>${(await fs.readFile(path.join(clientDir, stylesheetLink[1]), 'utf8')).trim()}</style>`;

// Prerendered pages start their JavaScript once they have painted: a small deferred script (the "boot"
// script) adds the entry and the page's module preloads after the first frame, so on a slow phone the
// hydration downloads never hold up the first paint (Lighthouse's LCP counts any request begun before it).
const bootSource = `// Starts Tandem's JavaScript after the prerendered page has painted (scripts/prerender.ts).
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
`;
const bootFile = `assets/boot-${createHash('sha256').update(bootSource).digest('hex').slice(0, 10)}.js`;
await fs.writeFile(path.join(clientDir, bootFile), bootSource);

function bootScript(page: string): string {
  const entry = page.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/)?.[1];
  if (!entry) throw new Error('The page has no entry script.');
  const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );
  return `<script defer src="/${bootFile}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
}

function fillTemplate(head: string, body: string, isPrerendered: boolean): string {
  const page = template
    .replace('<!--app-head-->', head)
    .replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root"${isPrerendered ? ' data-prerendered="true"' : ''}>${body}</div>`,
    );
  if (!isPrerendered) return page;
  const boot = bootScript(page);
  return page
    .replace(stylesheetLink?.[0] ?? '', inlineStylesheet)
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, boot);
}

async function writePage(file: string, html: string) {
  const target = path.join(clientDir, file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, html);
}

// Pages that are not prerendered start from this shell and render in the browser.
const loadingIndicator =
  '<div role="status" style="display:flex;min-height:100vh;align-items:center;justify-content:center;font-family:system-ui,sans-serif;color:#475569">Loading Tandem…</div>';
const appShell = fillTemplate('', loadingIndicator, false);
await writePage(APP_SHELL_FILE, appShell);
let shellCount = 0;
for (const id of pageIds) {
  if (paths[id].prerender) continue;
  const files = prerender.routeModuleFiles(id);
  // After the entry's own tags, so the entry is requested first.
  await writePage(
    appShellFileForPage(id),
    appShell.replace('</head>', `${preloadLinks(files)}${stylesheetLinks(files)}</head>`),
  );
  shellCount++;
}

// Pages the server renders per request from its data (the job board's): a shell built like a prerendered
// page, with markers where the server puts the head tags and the rendered body (platform/web-client.ts).
for (const id of serverRenderedPageIds) {
  await writePage(
    serverShellFileForPage(id),
    fillTemplate(SERVER_HEAD_MARKER + preloadLinks(prerender.routeModuleFiles(id)), SERVER_HTML_MARKER, true),
  );
}

// schema.org data for search engines in the home page's head (src/shared/page-meta.ts): a JSON data block,
// which the content security policy does not treat as script and which needs no JavaScript in the browser.
const homeJsonLd = `<script type="application/ld+json">${JSON.stringify(homeStructuredData(PUBLIC_URL))}</script>`;

async function prerenderPage(urlPath: string, id: string, extraHead = '') {
  const { head, body } = await prerender.renderPage(urlPath);
  await writePage(
    htmlFileForPath(urlPath),
    fillTemplate(head + extraHead + preloadLinks(prerender.routeModuleFiles(id)), body, true),
  );
}

let count = 0;
for (const id of pageIds) {
  const page = paths[id];
  if (!page.prerender) continue;
  await prerenderPage(page.path, id, id === 'home' ? homeJsonLd : '');
  count++;
}
// Pages with a parameter whose values are known at build time (the case studies).
for (const { path: urlPath, pageId } of prerender.parameterPages) {
  await prerenderPage(urlPath, pageId);
  count++;
}

// For the server: which other values of those pages name nothing, and which addresses move to them.
const pageAddresses: PageAddresses = {
  builtOnly: [...new Set(prerender.parameterPages.map((page) => page.pageId))],
  moved: Object.fromEntries(prerender.movedPages.map((page) => [page.from, page.to])),
};
await fs.writeFile(path.join(clientDir, PAGE_ADDRESSES_FILE), JSON.stringify(pageAddresses));

const notFound = await prerender.renderPage('/404');
await writePage(
  NOT_FOUND_FILE,
  fillTemplate(notFound.head + preloadLinks([prerender.notFoundModuleFile]), notFound.body, true),
);

// For search engines: every public page at its canonical address (the server adds each open public job).
const indexedPaths = [
  ...pageIds
    .filter(
      (id) =>
        paths[id].layout === 'public' &&
        (paths[id].prerender || (serverRenderedPageIds.includes(id) && !paths[id].path.includes(':'))) &&
        !aliasPageIds.includes(id),
    )
    .map((id) => paths[id].path),
  ...prerender.parameterPages.map((page) => page.path),
];
const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...indexedPaths.map((urlPath) => `  <url><loc>${PUBLIC_URL}${urlPath === '/' ? '/' : urlPath}</loc></url>`),
  '</urlset>',
  '',
].join('\n');
await fs.writeFile(path.join(clientDir, 'sitemap.xml'), sitemap);
await fs.writeFile(
  path.join(clientDir, 'robots.txt'),
  // The public API stays readable: a crawler that runs a public page's script may fetch what it fetches.
  [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/public/',
    'Disallow: /api/',
    `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    '',
  ].join('\n'),
);

console.log(
  `Prerendered ${count} pages, the 404 page and the app shell (with ${shellCount} page-specific copies); wrote a sitemap of ${indexedPaths.length} pages, into ${path.relative('.', clientDir)}.`,
);

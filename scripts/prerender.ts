// Renders the public pages to HTML at build time (after `vite build` and the SSR build of
// src/client/entry-prerender.tsx) and writes the shell that every other page starts from.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootScriptSource } from '../src/shared/boot-script';
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

// The app's entry (index.html), and the prerendered public pages' own script, which loads no React
// (src/client/public-main.ts, decision 040).
const APP_ENTRY = 'index.html';
const PUBLIC_ENTRY = 'src/client/public-main.ts';
for (const key of [APP_ENTRY, PUBLIC_ENTRY]) {
  if (!manifest[key]?.isEntry) throw new Error(`The client build has no entry chunk for ${key} in its manifest.`);
}
// The template already loads these.
const entryChunks = staticImportClosure(APP_ENTRY);
const publicEntryFiles = [...staticImportClosure(PUBLIC_ENTRY)].map((key) => `/${manifest[key]?.file}`);

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
const appStylesheet = (await fs.readFile(path.join(clientDir, stylesheetLink[1]), 'utf8')).trim();
// The public pages' own, half the size: only the classes their components and script use (src/client/site.css).
const publicStylesheetFile = manifest[PUBLIC_ENTRY]?.css?.[0];
if (!publicStylesheetFile) throw new Error(`${PUBLIC_ENTRY} has no stylesheet in the client build manifest.`);
const publicStylesheet = (await fs.readFile(path.join(clientDir, publicStylesheetFile), 'utf8')).trim();

// A class as a CSS selector writes it (Tailwind's `md:flex` is `.md\:flex`).
const classSelector = (name: string) =>
  `.${name.replace(/^\d/, (digit) => `\\3${digit} `).replace(/[^\w-]/g, (character) => `\\${character}`)}`;
const htmlEntities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

// A page that uses a class the app's stylesheet styles and the public one does not would lose that style:
// site.css names the sources of the public pages' classes, and one left out fails the build here.
function checkPublicStylesheet(urlPath: string, body: string) {
  const names = new Set(
    [...body.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) =>
      (match[1] ?? '').replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => htmlEntities[entity] ?? entity).split(/\s+/),
    ),
  );
  const missing = [...names].filter((name) => {
    if (!name) return false;
    // The class's selector, not the start of a longer one (`.flex` of `.flex-col`).
    const selector = new RegExp(`${classSelector(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w\\\\-])`);
    return selector.test(appStylesheet) && !selector.test(publicStylesheet);
  });
  if (missing.length > 0) {
    throw new Error(`${urlPath} uses classes src/client/site.css does not style: ${missing.join(' ')}`);
  }
}

// Prerendered pages start their JavaScript once they have painted: the boot script (src/shared/boot-script.ts),
// inline so that nothing is requested before the first paint, adds the entry and the page's module preloads
// after it (Lighthouse's LCP counts any request begun before it; a boot file of its own cost ~120 ms).

// `islands`: the page's HTML is the page, and the public script wires up its interactive parts; otherwise
// the app's entry hydrates the whole page (the job board's pages and the 404 page).
function bootScript(page: string, islands: boolean): string {
  const appEntry = page.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/)?.[1];
  if (!appEntry) throw new Error('The page has no entry script.');
  const [entry, ...preloads] = islands
    ? publicEntryFiles
    : [
        appEntry,
        ...[...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]),
      ];
  return `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${bootScriptSource}</script>`;
}

type Rendering = 'app' | 'hydrated' | 'islands';

function fillTemplate(head: string, body: string, rendering: Rendering): string {
  const isPrerendered = rendering !== 'app';
  const page = template
    .replace('<!--app-head-->', () => head)
    .replace(
      '<div id="root"><!--app-html--></div>',
      () =>
        `<div id="root"${isPrerendered ? ' data-prerendered="true"' : ''}${rendering === 'islands' ? ' data-islands="true"' : ''}>${body}</div>`,
    );
  if (!isPrerendered) return page;
  const boot = bootScript(page, rendering === 'islands');
  return page
    .replace(
      stylesheetLink?.[0] ?? '',
      () => `<style>${rendering === 'islands' ? publicStylesheet : appStylesheet}</style>`,
    )
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () => boot);
}

async function writePage(file: string, html: string) {
  const target = path.join(clientDir, file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, html);
}

// Pages that are not prerendered start from this shell and render in the browser.
const loadingIndicator =
  '<div role="status" style="display:flex;min-height:100vh;align-items:center;justify-content:center;font-family:system-ui,sans-serif;color:#475569">Loading Tandem…</div>';
const appShell = fillTemplate('', loadingIndicator, 'app');
await writePage(APP_SHELL_FILE, appShell);
let shellCount = 0;
for (const id of pageIds) {
  if (paths[id].prerender) continue;
  const files = prerender.routeModuleFiles(id);
  // After the entry's own tags, so the entry is requested first.
  await writePage(
    appShellFileForPage(id),
    appShell.replace('</head>', () => `${preloadLinks(files)}${stylesheetLinks(files)}</head>`),
  );
  shellCount++;
}

// Pages the server renders per request from its data (the job board's): a shell built like a prerendered
// page, with markers where the server puts the head tags and the rendered body (platform/web-client.ts).
for (const id of serverRenderedPageIds) {
  await writePage(
    serverShellFileForPage(id),
    fillTemplate(SERVER_HEAD_MARKER + preloadLinks(prerender.routeModuleFiles(id)), SERVER_HTML_MARKER, 'hydrated'),
  );
}

// schema.org data for search engines in the home page's head (src/shared/page-meta.ts): a JSON data block,
// which the content security policy does not treat as script and which needs no JavaScript in the browser.
const homeJsonLd = `<script type="application/ld+json">${JSON.stringify(homeStructuredData(PUBLIC_URL))}</script>`;

// The public pages need none of their React modules in the browser: only the public script.
async function prerenderPage(urlPath: string, extraHead = '') {
  const { head, body } = await prerender.renderPage(urlPath);
  checkPublicStylesheet(urlPath, body);
  await writePage(htmlFileForPath(urlPath), fillTemplate(head + extraHead, body, 'islands'));
}

let count = 0;
for (const id of pageIds) {
  const page = paths[id];
  if (!page.prerender) continue;
  await prerenderPage(page.path, id === 'home' ? homeJsonLd : '');
  count++;
}
// Pages with a parameter whose values are known at build time (the case studies).
for (const { path: urlPath } of prerender.parameterPages) {
  await prerenderPage(urlPath);
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
  fillTemplate(notFound.head + preloadLinks([prerender.notFoundModuleFile]), notFound.body, 'hydrated'),
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

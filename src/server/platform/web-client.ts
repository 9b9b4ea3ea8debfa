import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '~/shared/contract';
import { scriptSafeJson } from '~/shared/job-board';
import {
  type LayoutKind,
  type PageId,
  pageIds,
  paths,
  redirectIds,
  redirects,
  serverRenderedPageIds,
} from '~/shared/routes';
import {
  APP_SHELL_FILE,
  appShellFileForPage,
  NOT_FOUND_FILE,
  PAGE_ADDRESSES_FILE,
  PAGE_DATA_ID,
  type PageAddresses,
  SERVER_HEAD_MARKER,
  SERVER_HTML_MARKER,
  serverShellFileForPage,
} from '~/shared/static-pages';
import { markRoutesPublic } from './access-control';
import { setDocumentHeaders } from './security-headers';

// Serves the built client: hashed assets from disk (precompressed, cached for a year) and the HTML
// pages from memory (prerendered public pages, the app shell for the rest, the 404 page).

interface HtmlDocument {
  identity: Buffer;
  gzip: Buffer;
  // Made after start (see addBrotli): until then the page goes out gzipped.
  br?: Buffer;
  etag: string;
}

export interface WebClient {
  directory: string;
  // Every page has its brotli form (served gzipped until then).
  brotliReady: Promise<void>;
  pages: Map<string, HtmlDocument>;
  appShell: HtmlDocument;
  // The app shell with a page's own chunks preloaded, for the pages that are not prerendered.
  pageShells: Map<PageId, HtmlDocument>;
  notFound: HtmlDocument;
  // sitemap.xml and robots.txt, which name the site's address.
  textFiles: Map<string, HtmlDocument & { contentType: string }>;
  // Pages with a parameter built for every value their content has (the case studies): any other value
  // names nothing.
  builtOnlyPages: Set<PageId>;
  // Second addresses of built pages (a case study by its number), moved for good to the page's own.
  movedPages: Map<string, string>;
  // The pages the server renders per request (serverRenderedPageIds): their shells, with the markers
  // where the head tags and the body go, and the build's renderer (src/client/entry-prerender.tsx).
  serverShells: Map<PageId, string>;
  renderPage?: RenderPage;
  // PUBLIC_URL, which the server puts into what it renders.
  publicUrl: string;
}

// src/client/entry-prerender.tsx's renderPage: the page at this address, rendered from this data.
type RenderPage = (url: string, data: unknown) => Promise<{ head: string; body: string }>;

// The SSR build of the client, beside the client build (package.json's build script).
const RENDERER_FILE = '../prerender/entry-prerender.js';

// Built files name the site's address with this placeholder; the server puts PUBLIC_URL in its place.
export const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%';

// An address the server adds to sitemap.xml from its data (an open public job's page).
export interface SitemapEntry {
  url: string;
  // ISO 8601.
  lastModified?: string;
}

// What the server knows of a page from its data: whether its address names something (200), named
// something that is gone for good (410) or names nothing (404); and, when it does, tags for the page's
// <head> (a public job's title, sharing tags and structured data, for crawlers that run no JavaScript) and
// the data the page renders from, which the server renders into the HTML and hands to the browser.
export type PageAnswer = { status: 200; head?: string; data?: unknown } | { status: 404 | 410 };

// What the server completes per request from its data: the answer for a page that is not prerendered, by
// page id; and addresses for sitemap.xml beyond the built pages.
interface DynamicWebContent {
  pageAnswers?: Partial<
    Record<PageId, (params: Record<string, string | undefined>, query: URLSearchParams) => Promise<PageAnswer>>
  >;
  sitemapEntries?: () => Promise<SitemapEntry[]>;
}

const SITEMAP_PATH = '/sitemap.xml';

const portalLayouts = new Set<LayoutKind>(['company', 'applicant', 'admin', 'manager']);

// Text inside an attribute or element of HTML or XML.
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const TEXT_FILES: Record<string, string> = {
  'sitemap.xml': 'application/xml; charset=utf-8',
  'robots.txt': 'text/plain; charset=utf-8',
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function toDocument(identity: Buffer): Promise<HtmlDocument> {
  return {
    identity,
    gzip: await gzip(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

// Brotli at its best quality costs some 40 ms a page, about 5 s of CPU for the hundred pages a build holds:
// made at start it kept an instance from ready that long. So it is made after, a page at a time (the
// thread pool stays free for the requests), while gzip serves.
async function addBrotli(documents: HtmlDocument[]) {
  for (const document of documents) {
    document.br = await brotli(document.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  }
}

async function findIndexFiles(directory: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(directory, prefix), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory() && entry.name !== 'assets' && !entry.name.startsWith('.')) {
      found.push(...(await findIndexFiles(directory, relative)));
    } else if (entry.isFile() && entry.name === 'index.html') {
      found.push(relative);
    }
  }
  return found;
}

const fileExists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

// Returns undefined when the client has not been built (API-only runs and tests).
export async function loadWebClient(directory: string, publicUrl: string): Promise<WebClient | undefined> {
  const absolute = path.resolve(directory);
  try {
    await fs.access(path.join(absolute, APP_SHELL_FILE));
  } catch {
    return undefined;
  }
  const load = async (file: string) => {
    const text = await fs.readFile(path.join(absolute, file), 'utf8');
    return toDocument(Buffer.from(text.replaceAll(PUBLIC_URL_PLACEHOLDER, () => publicUrl)));
  };
  const pages = new Map<string, HtmlDocument>();
  for (const file of await findIndexFiles(absolute)) {
    const directoryOfPage = path.posix.dirname(file);
    const urlPath = directoryOfPage === '.' ? '/' : `/${directoryOfPage}`;
    pages.set(urlPath, await load(file));
  }
  const textFiles = new Map<string, HtmlDocument & { contentType: string }>();
  for (const [file, contentType] of Object.entries(TEXT_FILES)) {
    if (await fileExists(path.join(absolute, file))) textFiles.set(`/${file}`, { ...(await load(file)), contentType });
  }
  const pageShells = new Map<PageId, HtmlDocument>();
  for (const id of pageIds) {
    if (paths[id].prerender) continue;
    const file = appShellFileForPage(id);
    if (await fileExists(path.join(absolute, file))) pageShells.set(id, await load(file));
  }
  const serverShells = new Map<PageId, string>();
  for (const id of serverRenderedPageIds) {
    const file = path.join(absolute, serverShellFileForPage(id));
    if (await fileExists(file)) {
      serverShells.set(
        id,
        (await fs.readFile(file, 'utf8')).replaceAll(PUBLIC_URL_PLACEHOLDER, () => publicUrl),
      );
    }
  }
  const rendererFile = path.join(absolute, RENDERER_FILE);
  const renderer: { renderPage: RenderPage } | undefined =
    serverShells.size > 0 && (await fileExists(rendererFile))
      ? await import(/* @vite-ignore */ pathToFileURL(rendererFile).href)
      : undefined;
  const addresses: PageAddresses = (await fileExists(path.join(absolute, PAGE_ADDRESSES_FILE)))
    ? JSON.parse(await fs.readFile(path.join(absolute, PAGE_ADDRESSES_FILE), 'utf8'))
    : { builtOnly: [], moved: {} };
  const appShell = await load(APP_SHELL_FILE);
  const notFound = await load(NOT_FOUND_FILE);
  const brotliReady = addBrotli([...pages.values(), appShell, notFound, ...pageShells.values(), ...textFiles.values()]);
  return {
    directory: absolute,
    brotliReady,
    pages,
    appShell,
    pageShells,
    notFound,
    textFiles,
    builtOnlyPages: new Set(addresses.builtOnly),
    movedPages: new Map(Object.entries(addresses.moved)),
    serverShells,
    renderPage: renderer?.renderPage,
    publicUrl,
  };
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, document: HtmlDocument, status = 200) {
  setDocumentHeaders(reply);
  return sendDocument(request, reply, document, {
    status,
    contentType: 'text/html; charset=utf-8',
    cacheControl: 'no-cache',
  });
}

function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: HtmlDocument,
  { status, contentType, cacheControl }: { status: number; contentType: string; cacheControl: string },
) {
  reply
    .code(status)
    .header('content-type', contentType)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding')
    .header('etag', document.etag);
  if (status === 200 && request.headers['if-none-match'] === document.etag) {
    return reply.code(304).send();
  }
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (document.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(document.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(document.gzip);
  return reply.send(document.identity);
}

function normalisePath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

// An unknown path that looks like a page (no file extension) gets the 404 page.
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = normalisePath(request.url);
  return !pathname.startsWith('/api/') && pathname !== '/api' && !path.posix.basename(pathname).includes('.');
}

export function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, client: WebClient) {
  return sendHtml(request, reply, client.notFound, 404);
}

// A document made for this request (compressed on the way out by @fastify/compress, never cached).
// A server-rendered page is a few tens of KB (a job's description is at most 20,000 characters, twice: in the
// markup and in the page's data); a page past this bound is not sent.
export const MAX_SERVER_RENDERED_PAGE_BYTES = 512 * 1024;

// Text put into a document at a marker, by position: never as a replacement string, whose $& and $` would
// expand (lint/no-replacement-strings.grit).
function insertBefore(document: string, marker: string, text: string): string {
  const at = document.indexOf(marker);
  return at === -1 ? text + document : document.slice(0, at) + text + document.slice(at);
}

// The shell's two markers, found in the shell itself: what fills the first is never searched for the second.
function fillServerShell(shell: string, { head, body }: { head: string; body: string }): string {
  const headAt = shell.indexOf(SERVER_HEAD_MARKER);
  const bodyAt = shell.indexOf(SERVER_HTML_MARKER);
  if (headAt === -1 || bodyAt < headAt) throw new Error('The server shell lost its markers: run npm run build.');
  return (
    shell.slice(0, headAt) +
    head +
    shell.slice(headAt + SERVER_HEAD_MARKER.length, bodyAt) +
    body +
    shell.slice(bodyAt + SERVER_HTML_MARKER.length)
  );
}

function sendGeneratedDocument(reply: FastifyReply, body: string, contentType: string, cacheControl: string) {
  return reply
    .code(200)
    .header('content-type', contentType)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding')
    .send(body);
}

// The page's body from its data; null (the shell, rendered in the browser) if rendering fails.
async function renderWithData(request: FastifyRequest, renderPage: RenderPage, data: unknown): Promise<string | null> {
  try {
    return (await renderPage(request.url, data)).body;
  } catch (error) {
    request.log.error({ err: error }, 'could not render the page');
    return null;
  }
}

export async function registerWebClient(app: FastifyInstance, client: WebClient, dynamic: DynamicWebContent = {}) {
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(fastifyStatic, {
      root: client.directory,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.html', '**/*.br', '**/*.gz', '.vite/**', PAGE_ADDRESSES_FILE, ...Object.keys(TEXT_FILES)],
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        // Files under assets/ carry a content hash in their name, so they never change.
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  });

  // A portal page is someone's own: search engines keep it out of their results.
  const keepOutOfSearch = (id: PageId, reply: FastifyReply) => {
    if (portalLayouts.has(paths[id].layout)) reply.header('x-robots-tag', 'noindex');
  };
  // The query a request came with, for an address that moves.
  const queryOf = (request: FastifyRequest) => {
    const query = request.url.indexOf('?');
    return query === -1 ? '' : request.url.slice(query);
  };
  const htmlRoute = (id: PageId, shell: HtmlDocument) =>
    app.get(paths[id].path, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      keepOutOfSearch(id, reply);
      const urlPath = normalisePath(request.url);
      const built = client.pages.get(urlPath);
      if (built) return sendHtml(request, reply, built);
      const moved = client.movedPages.get(urlPath);
      if (moved) return reply.redirect(moved + queryOf(request), 301);
      // Any other value of a page built for each of its values names nothing: the status says so to
      // crawlers, and the browser still gets the page, which handles it (an unknown case study leads back
      // to the list, docs/spec/admin-billing-and-content.md §8).
      return sendHtml(request, reply, shell, client.builtOnlyPages.has(id) ? 404 : 200);
    });
  for (const id of pageIds) {
    const shell = client.pageShells.get(id) ?? client.appShell;
    const pageAnswer = dynamic.pageAnswers?.[id];
    if (!pageAnswer) {
      htmlRoute(id, shell);
      continue;
    }
    const shellHtml = shell.identity.toString('utf8');
    const serverShell = client.serverShells.get(id);
    app.get(paths[id].path, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      let answer: PageAnswer = { status: 200 };
      const query = new URLSearchParams(queryOf(request));
      try {
        answer = await pageAnswer(request.params as Record<string, string | undefined>, query);
      } catch (error) {
        // The page still works without its extra tags: it renders in the browser from the API.
        request.log.error({ err: error }, 'could not complete the page head');
      }
      keepOutOfSearch(id, reply);
      // A page whose value names nothing still gets its shell: the page says so to the person (a job that
      // is not available), the status to crawlers.
      if (answer.status !== 200 || (!answer.head && answer.data === undefined)) {
        return sendHtml(request, reply, shell, answer.status);
      }
      setDocumentHeaders(reply);
      const head = answer.head ?? '';
      const rendered =
        serverShell && client.renderPage && answer.data !== undefined
          ? await renderWithData(request, client.renderPage, answer.data)
          : null;
      const html =
        rendered && serverShell
          ? fillServerShell(serverShell, {
              head: `${head}<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson({ url: request.url, data: answer.data })}</script>`,
              body: rendered.replaceAll(PUBLIC_URL_PLACEHOLDER, () => client.publicUrl),
            })
          : insertBefore(shellHtml, '</head>', head);
      // Whatever a page's data holds, the page stays a page: past the bound, the browser renders it from the API.
      if (Buffer.byteLength(html) > MAX_SERVER_RENDERED_PAGE_BYTES) {
        request.log.error({ bytes: Buffer.byteLength(html) }, 'the rendered page is too large: its shell was sent');
        return sendHtml(request, reply, shell);
      }
      return sendGeneratedDocument(reply, html, 'text/html; charset=utf-8', 'no-cache');
    });
  }
  // An old address moves for good: the server says so (301), so browsers and search engines follow it
  // without loading the app first.
  for (const id of redirectIds) {
    const { path: from, to } = redirects[id];
    app.get(from, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      const target = pathOf(to, request.params as Record<string, string>);
      return reply.redirect(target + queryOf(request), 301);
    });
  }
  for (const [urlPath, document] of client.textFiles) {
    const sitemapEntries = urlPath === SITEMAP_PATH ? dynamic.sitemapEntries : undefined;
    if (sitemapEntries) {
      const builtSitemap = document.identity.toString('utf8');
      app.get(urlPath, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
        let entries: SitemapEntry[] = [];
        try {
          entries = await sitemapEntries();
        } catch (error) {
          // The built pages are still worth listing.
          request.log.error({ err: error }, 'could not list the sitemap entries');
        }
        const added = entries
          .map(
            (entry) =>
              `  <url><loc>${escapeMarkup(entry.url)}</loc>${entry.lastModified ? `<lastmod>${escapeMarkup(entry.lastModified)}</lastmod>` : ''}</url>\n`,
          )
          .join('');
        const xml = insertBefore(builtSitemap, '</urlset>', added);
        return sendGeneratedDocument(reply, xml, document.contentType, 'public, max-age=300');
      });
      continue;
    }
    app.get(urlPath, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
      sendDocument(request, reply, document, {
        status: 200,
        contentType: document.contentType,
        cacheControl: 'public, max-age=3600',
      }),
    );
  }
}

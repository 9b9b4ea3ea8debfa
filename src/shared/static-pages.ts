import type { PageId } from './routes';

// Where the build puts each page's HTML inside the client build directory; the server reads the same.
export const APP_SHELL_FILE = 'app-shell.html';
export const NOT_FOUND_FILE = '404.html';

// What the build knows of addresses beyond the route table: the pages with a parameter that are built for
// every value their content has (any other value names nothing), and second addresses of built pages,
// each moved for good to the page's own (a case study by its number).
export const PAGE_ADDRESSES_FILE = 'page-addresses.json';
export interface PageAddresses {
  builtOnly: PageId[];
  moved: Record<string, string>;
}

// A page that is not prerendered gets the app shell with its own chunks preloaded, so the browser
// fetches layout and page code at once instead of one import after another.
export function appShellFileForPage(pageId: string): string {
  return `app-shells/${pageId}.html`;
}

export function htmlFileForPath(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

// A page the server renders per request from its data (a public job, the job board): the build writes its
// shell as it writes a prerendered page (inline stylesheet, scripts started after the first paint), with
// these two markers where the server puts the page's head tags and its rendered body.
export function serverShellFileForPage(pageId: string): string {
  return `server-shells/${pageId}.html`;
}
export const SERVER_HEAD_MARKER = '<!--server-head-->';
export const SERVER_HTML_MARKER = '<!--server-html-->';
// The data the server rendered the page from, handed to the browser so that it hydrates the same page
// (src/client/lib/page-data.tsx).
export const PAGE_DATA_ID = 'page-data';

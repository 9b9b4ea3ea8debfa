// Where the build puts each page's HTML inside the client build directory; the server reads the same.
export const APP_SHELL_FILE = 'app-shell.html';
export const NOT_FOUND_FILE = '404.html';

// A page that is not prerendered gets the app shell with its own chunks preloaded, so the browser
// fetches layout and page code at once instead of one import after another.
export function appShellFileForPage(pageId: string): string {
  return `app-shells/${pageId}.html`;
}

export function htmlFileForPath(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

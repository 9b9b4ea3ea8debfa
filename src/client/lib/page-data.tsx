import { createContext, useContext } from 'react';
import { PAGE_DATA_ID } from '~/shared/static-pages';

// The data a page was rendered from on the server (serverRenderedPageIds in shared/routes.ts: the job board's pages). The
// server renders the page with it (src/client/entry-prerender.tsx) and hands the same data to the browser
// in a JSON block, so that the browser's first render is the server's markup, hydrated without a request
// and without a loading state. Each hand-over names the address it was made for.
export interface PageData {
  url: string;
  data: unknown;
}

// On the server: what this render is made from.
export const PageDataContext = createContext<PageData | null>(null);

// In the browser: the hand-over, read once; forgotten (its element removed) once the page it was for has
// mounted, so that coming back to the address later loads it afresh.
let handedOver: PageData | null | undefined;
function readHandedOver(): PageData | null {
  if (handedOver === undefined) {
    const text = document.getElementById(PAGE_DATA_ID)?.textContent;
    handedOver = text ? (JSON.parse(text) as PageData) : null;
  }
  return handedOver;
}

export function forgetServerData() {
  document.getElementById(PAGE_DATA_ID)?.remove();
  handedOver = undefined;
}

// The data the server rendered this address (path and query) from, or undefined: the page loads it itself.
export function useServerData<T>(url: string): T | undefined {
  const rendered = useContext(PageDataContext);
  const pageData = typeof document === 'undefined' ? rendered : readHandedOver();
  return pageData?.url === url ? (pageData.data as T) : undefined;
}

// The head tags the server wrote for a page it rendered (marked data-server-head): the page's own tags
// (components/page-meta.tsx) take their place once it has rendered, so that each tag is there once.
export const SERVER_HEAD_SELECTOR = '[data-server-head]';
export function removeServerHead(selector = SERVER_HEAD_SELECTOR) {
  for (const element of document.head.querySelectorAll(selector)) element.remove();
}

import { createContext, useContext } from 'react';
import { PAGE_DATA_ID } from '~/shared/static-pages';

// The data a page was rendered from on the server (paths[id].serverRendered: the job board's pages). The
// server renders the page with it (src/client/entry-prerender.tsx) and hands the same data to the browser
// in a JSON block, so that the browser's first render is the server's markup, hydrated without a request
// and without a loading state. Each hand-over names the address it was made for.
export interface PageData {
  url: string;
  data: unknown;
}

// On the server: what this render is made from.
export const PageDataContext = createContext<PageData | null>(null);

// In the browser: the hand-over, read once; forgotten once the page it was for has mounted, so that coming
// back to the address later loads it afresh.
let handedOver: PageData | null | undefined;
function readHandedOver(): PageData | null {
  if (handedOver === undefined) {
    const text = document.getElementById(PAGE_DATA_ID)?.textContent;
    handedOver = text ? (JSON.parse(text) as PageData) : null;
  }
  return handedOver;
}

export function forgetServerData() {
  handedOver = null;
}

// The data the server rendered this address (path and query) from, or undefined: the page loads it itself.
export function useServerData<T>(url: string): T | undefined {
  const rendered = useContext(PageDataContext);
  const pageData = typeof document === 'undefined' ? rendered : readHandedOver();
  return pageData?.url === url ? (pageData.data as T) : undefined;
}

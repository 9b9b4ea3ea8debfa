import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { paths } from '~/shared/routes';
import { App } from './app/app';
import { caseStudies } from './content/case-studies';
import { PageDataContext } from './lib/page-data';

export { notFoundModuleFile, routeModuleFiles } from './routes';

// Pages of the route table with a parameter, prerendered for each value known at build time: any other
// value names no page (the server answers 404).
export const parameterPages = caseStudies.map(({ slug }) => ({
  path: paths.caseStudy.getHref({ slug }),
  pageId: 'caseStudy',
}));

// Their second addresses, which the server moves for good to the page's own: a case study by its number
// (docs/spec/admin-billing-and-content.md §3 matches the number too).
export const movedPages = caseStudies.map(({ id, slug }) => ({
  from: paths.caseStudy.getHref({ slug: String(id) }),
  to: paths.caseStudy.getHref({ slug }),
}));

// React emits hoistable tags (<title>, <meta>, <link>) ahead of the markup; they belong in <head>.
const LEADING_HEAD_TAGS = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)*/;

// At build time for the prerendered pages; by the server at each request, with the page's data, for the pages
// it renders (platform/web-client.ts).
export async function renderPage(url: string, data?: unknown): Promise<{ head: string; body: string }> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageDataContext value={data === undefined ? null : { url, data }}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </PageDataContext>
    </StrictMode>,
    // React outlines a boundary bigger than this (12,800 bytes by default) into an inline <script> that
    // moves it into place; the pages' security policy blocks inline scripts, so every boundary stays inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  const head = html.match(LEADING_HEAD_TAGS)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

import fs from 'node:fs/promises';
import { measureInitialJavaScript, measureInitialJavaScriptOf } from '../../scripts/initial-js';
import { paths } from '../../src/shared/routes';
import { htmlFileForPath } from '../../src/shared/static-pages';
import { createJob } from './support/jobs';
import { expect, test } from './support/test';

// Every prerendered public page (the home page, the services and each service, the case studies, the
// contact page…) loads only the public pages' script: at most 70 KB of gzipped JavaScript, and neither
// React, the router nor portal code (decision 040). Measured at about 8 KB.
test('every prerendered public page loads at most 70 KB of gzipped JavaScript, without React or portal code', async () => {
  // Every page the prerender wrote: an index.html at the page's path.
  const pages = (await fs.readdir('build/client', { recursive: true }))
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => `/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1'));
  expect(pages).toEqual(
    expect.arrayContaining([
      paths.home.getHref(),
      paths.services.getHref(),
      paths.financeAccounting.getHref(),
      paths.contact.getHref(),
      paths.caseStudy.getHref({ slug: 'saas-startup-growth' }),
    ]),
  );
  for (const pagePath of pages) {
    const { files, gzippedBytes } = await measureInitialJavaScript(htmlFileForPath(pagePath));
    expect(gzippedBytes, pagePath).toBeLessThanOrEqual(70 * 1024);
    expect(
      files.filter((file) => /\/(index|react|public-shell|portal-shell|[a-z]+-layout)-/.test(file)),
      pagePath,
    ).toEqual([]);
  }
});

// The public job board (rendered by the server per request) still hydrates with React and the router: its
// search panel (the address's filters, Radix selects) and the list it fetches are React components, and React
// and React DOM alone are 66 KB gzipped, so it stays above 70 KB: 115 KB and 108 KB when measured. Zod and the
// API contracts load only with a search the server did not render (job-board/public-api.ts): together they were
// 42 KB more on each page.
test('the public job board and a job page load at most 120 KB of gzipped JavaScript, without zod', async ({
  page,
  loginAs,
}) => {
  await loginAs('company');
  const job = await createJob(page);
  for (const href of [paths.jobBoard.getHref(), paths.jobPost.getHref({ id: job.id })]) {
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    const { files, gzippedBytes } = await measureInitialJavaScriptOf(await response.text());
    expect(gzippedBytes, href).toBeLessThanOrEqual(120 * 1024);
    expect(files.filter((file) => /schemas|contracts?-|portal-shell/.test(file))).toEqual([]);
  }
});

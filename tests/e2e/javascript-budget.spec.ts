import { measureInitialJavaScript, measureInitialJavaScriptOf } from '../../scripts/initial-js';
import { paths } from '../../src/shared/routes';
import { createJob } from './support/jobs';
import { expect, test } from './support/test';

// The home page's first load stays within 100 KB of gzipped JavaScript; portal code is not part of it.
test('the home page loads at most 100 KB of gzipped JavaScript, and no portal code', async () => {
  const { files, gzippedBytes } = await measureInitialJavaScript('index.html');
  expect(gzippedBytes).toBeLessThanOrEqual(100 * 1024);
  expect(files.some((file) => /portal-shell|company-layout|admin-layout|applicant-layout/.test(file))).toBe(false);
});

// The public job board (rendered by the server per request) carries its search panel and cards on top of the
// home page's share: 114 KB and 106 KB when measured. Zod and the API contracts load only with a search the
// server did not render (job-board/public-api.ts): together they were 42 KB more on each page.
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

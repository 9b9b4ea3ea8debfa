import { measureInitialJavaScript } from '../../scripts/initial-js';
import { expect, test } from './support/test';

// The home page's first load stays within 100 KB of gzipped JavaScript; portal code is not part of it.
test('the home page loads at most 100 KB of gzipped JavaScript, and no portal code', async () => {
  const { files, gzippedBytes } = await measureInitialJavaScript('index.html');
  expect(gzippedBytes).toBeLessThanOrEqual(100 * 1024);
  expect(files.some((file) => /portal-shell|company-layout|admin-layout|applicant-layout/.test(file))).toBe(false);
});

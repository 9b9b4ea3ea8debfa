import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureBuild } from '../testing/fixture-client-build';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loadWebClient, type WebClient } from './web-client';

describe('serving the built client', () => {
  let directory: string;
  let testApp: TestApp;
  let webClient: WebClient | undefined;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-client-'));
    await writeFixtureBuild(directory);
    webClient = await loadWebClient(directory, 'https://tandem.example');
    testApp = await createTestApp({ webClient });
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('serves a prerendered page at its path, never cached without revalidation', async () => {
    const response = await get('/about-us');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('about us page');
    expect((await get('/about-us/')).body).toContain('about us page');
    expect((await get('/')).body).toContain('home page');
  });

  it('serves a page gzipped from the start, and in brotli once that is made after start', async () => {
    const identity = (await get('/about-us')).rawPayload;
    const early = await get('/about-us', { 'accept-encoding': 'gzip' });
    expect(early.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(early.rawPayload)).toEqual(identity);
    await webClient?.brotliReady;
    for (const url of ['/about-us', '/company/jobs', '/no-such-page', '/robots.txt']) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(response.rawPayload), url).toEqual((await get(url)).rawPayload);
    }
  });

  it('puts the configured public address into pages, the sitemap and robots.txt', async () => {
    expect((await get('/about-us')).body).toContain('<link rel="canonical" href="https://tandem.example/about-us">');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>https://tandem.example/about-us</loc>');
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: https://tandem.example/sitemap.xml');
  });

  it('serves the app shell for a route-table path that is not prerendered', async () => {
    for (const url of ['/company/jobs', '/company/jobs/42', '/admin/audit-logs']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('app shell');
    }
  });

  it('keeps portal pages out of search results, and public pages in', async () => {
    for (const url of ['/company/jobs', '/applicant-dashboard', '/admin/audit-logs', '/manager']) {
      expect((await get(url)).headers['x-robots-tag'], url).toBe('noindex');
    }
    for (const url of ['/', '/about-us', '/login']) {
      expect((await get(url)).headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('moves an old address for good from the server, with its id and query', async () => {
    const benefits = await get('/benefits');
    expect(benefits.statusCode).toBe(301);
    expect(benefits.headers.location).toBe('/');
    const job = await get('/dashboard/jobs/42?tab=applications');
    expect(job.statusCode).toBe(301);
    expect(job.headers.location).toBe('/company/jobs/42?tab=applications');
  });

  it('answers a case study the build did not make with 404, and one by its number with a 301 to its slug', async () => {
    const built = await get('/case-studies/saas-startup-growth');
    expect(built.statusCode).toBe(200);
    expect(built.body).toContain('saas case study page');
    const byNumber = await get('/case-studies/3?ref=mail');
    expect(byNumber.statusCode).toBe(301);
    expect(byNumber.headers.location).toBe('/case-studies/saas-startup-growth?ref=mail');
    for (const url of ['/case-studies/no-such-study', '/case-studies/42']) {
      const unknown = await get(url);
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.headers['content-type'], url).toBe('text/html; charset=utf-8');
      // The page itself, which leads a person back to the list (docs/spec/admin-billing-and-content.md §8).
      expect(unknown.body, url).toContain('case study shell');
    }
    // The build's own list of addresses is not a file anyone downloads.
    expect((await get('/page-addresses.json')).statusCode).toBe(404);
  });

  it('preloads a page’s own chunks in its app shell, so they download at once', async () => {
    const jobs = await get('/company/jobs');
    expect(jobs.body).toContain('<link rel="modulepreload" crossorigin href="/assets/jobs-page-1a2b3c.js">');
    // A page the build wrote no copy for gets the plain shell.
    for (const url of ['/company/jobs/42']) {
      const response = await get(url);
      expect(response.body, url).toContain('app shell');
      expect(response.body, url).not.toContain('modulepreload');
    }
  });

  it('answers any other page path with the 404 page and status 404', async () => {
    for (const url of ['/no-such-page', '/company/unknown', '/services/customer-service/extra']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('Oops! Page not found');
    }
  });

  it('does not answer file or API requests with HTML', async () => {
    for (const url of [
      '/humans.txt',
      '/assets/missing-abc.js',
      '/api/unknown',
      '/about-us/index.html',
      '/.vite/manifest.json',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('caches hashed assets for a year and serves them precompressed', async () => {
    const response = await get('/assets/app-3f2a1b.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('console.log');
    const other = await get('/favicon.svg');
    expect(other.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses HTML for clients that accept it and revalidates with an ETag', async () => {
    const compressed = await get('/about-us', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(compressed.rawPayload).toString()).toContain('about us page');
    const etag = String(compressed.headers.etag);
    const revalidated = await get('/about-us', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });
});

describe('without a built client', () => {
  it('loads nothing and serves the API only', async () => {
    expect(
      await loadWebClient(path.join(os.tmpdir(), 'tandem-no-build-here'), 'https://tandem.example'),
    ).toBeUndefined();
    const testApp = await createTestApp();
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/about-us' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Nothing was found at /about-us.', code: 'not_found' });
    } finally {
      await testApp.close();
    }
  });
});

// `npm run bench:web [-- --runs 3]`: Lighthouse (mobile emulation, simulated slow 4G and 4× CPU) on the
// public pages, against the built server started here, with Debian's Chromium. Prints the median of the
// runs per page: performance and accessibility scores, LCP, CLS, and gzipped JavaScript transferred.
// Then the signed-in portal pages (scripts/bench/portal-pages.ts): the scripts a phone fetches and Lighthouse's
// performance score. `-- --portal-only` measures only those; `-- --no-lighthouse` counts their scripts alone.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../src/server/testing/free-port';
import { benchPortalPages } from './bench/portal-pages';
import { startProcess, stopProcess } from './bench/server-process';

const { values: options } = parseArgs({
  allowNegative: true,
  options: {
    runs: { type: 'string', default: '3' },
    'portal-only': { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: true },
    // /jobs/:first is the newest open public job of the demo data (the server renders it per request).
    pages: {
      type: 'string',
      default: '/,/services,/services/finance-accounting,/case-studies/saas-startup-growth,/contact,/jobs,/jobs/:first',
    },
  },
});
const runs = Number(options.runs);
const pages = options.pages.split(',');

await fs.access('build/client/app-shell.html').catch(() => {
  throw new Error('No client build: run `npm run build` first.');
});

// The prerendered pages load only the public pages' script (decision 040); the job board's pages, which the
// server renders per request, still hydrate with React and the router.
const isJobBoardPage = (page: string) => page === '/jobs' || page.startsWith('/jobs/') || page.startsWith('/jobs?');
const targetOf = (page: string) =>
  isJobBoardPage(page) ? { performance: 98, scriptKb: 100 } : { performance: 100, scriptKb: 70 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface RunResult {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  scriptBytes: number;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-bench-web-'));
const port = await freePort();
const server = await startProcess(
  'src/server/main.ts',
  {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // As `npm start` runs it, with the demo data: the job board then lists the demo's open jobs and
    // /jobs/:first exists (production refuses demo data, and would measure an empty board). What production
    // changes beside it (secure cookies, no API docs) does not touch a public page.
    NODE_ENV: 'development',
    // The benchmark sends no mail.
    SMTP_URL: 'smtp://127.0.0.1:9',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'w'.repeat(48),
  },
  `http://127.0.0.1:${port}/api/ready`,
);
// Debian's Chromium, or its headless shell where only that is installed (as .ci/run installs it).
const chromePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const rows: string[] = [];
let portalReport: string[] = [];
let failed = false;
try {
  const newest = await fetch(`http://127.0.0.1:${port}/api/public/jobs?page_size=1`);
  const firstJobId = ((await newest.json()) as { items: Array<{ id: string }> }).items[0]?.id;
  // Without an open public job there is no job page to measure.
  const addresses = pages.flatMap((address) =>
    address.includes(':first') ? (firstJobId ? [address.replace(':first', () => firstJobId)] : []) : [address],
  );
  for (const page of options['portal-only'] ? [] : addresses) {
    const results: RunResult[] = [];
    for (let run = 0; run < runs; run++) {
      const outcome = await lighthouse(`http://127.0.0.1:${port}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = outcome?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
      const scripts = (
        lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> }
      )?.items;
      results.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        scriptBytes: scripts?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
      });
    }
    const row = {
      performance: median(results.map((result) => result.performance)),
      accessibility: median(results.map((result) => result.accessibility)),
      lcpMs: median(results.map((result) => result.lcpMs)),
      cls: median(results.map((result) => result.cls)),
      scriptKb: median(results.map((result) => result.scriptBytes)) / 1024,
    };
    const target = targetOf(page);
    const meets =
      row.performance >= target.performance &&
      row.accessibility === 100 &&
      row.lcpMs <= 1500 &&
      row.cls <= 0.02 &&
      row.scriptKb <= target.scriptKb;
    failed ||= !meets;
    rows.push(
      `| ${page} | ${row.performance} | ${row.accessibility} | ${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls.toFixed(3)} | ${row.scriptKb.toFixed(1)} KB | ${meets ? 'yes' : 'NO'} |`,
    );
  }
  const portal = await benchPortalPages({
    baseUrl: `http://127.0.0.1:${port}`,
    chromiumPath: chromePath,
    chromePort: options.lighthouse ? chrome.port : undefined,
    runs,
  });
  portalReport = portal.report;
  failed ||= !portal.isWithinBudget;
} finally {
  await chrome.kill();
  await stopProcess(server);
  await fs.rm(dataDir, { recursive: true, force: true });
}

if (!options['portal-only']) {
  console.log(`Lighthouse 12, mobile emulation, median of ${runs} runs per page, ${os.cpus().length} cores\n`);
  console.log('| page | performance | accessibility | LCP | CLS | JS (gzipped, transferred) | meets targets |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
  console.log(
    '\nTargets: performance 100 and JavaScript ≤ 70 KB (the job board: ≥ 98 and ≤ 100 KB), accessibility 100, LCP ≤ 1.5 s, CLS ≤ 0.02.\n',
  );
}
for (const line of portalReport) console.log(line);
if (failed) process.exitCode = 1;

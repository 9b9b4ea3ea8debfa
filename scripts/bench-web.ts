// `npm run bench:web [-- --runs 3]`: Lighthouse (mobile emulation, simulated slow 4G and 4× CPU) on the
// public pages, against the built server started here, with Debian's Chromium. Prints the median of the
// runs per page: performance and accessibility scores, LCP, CLS, and gzipped JavaScript transferred.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../src/server/testing/free-port';
import { startProcess, stopProcess } from './bench/server-process';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    // /jobs/:first is the newest open public job of the demo data (the server renders it per request).
    pages: {
      type: 'string',
      default: '/,/services,/services/finance-accounting,/case-studies/saas-startup-growth,/jobs,/jobs/:first',
    },
  },
});
const runs = Number(options.runs);
const pages = options.pages.split(',');

await fs.access('build/client/app-shell.html').catch(() => {
  throw new Error('No client build: run `npm run build` first.');
});

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
const chrome = await chromeLauncher.launch({
  // Debian's Chromium, or its headless shell where only that is installed (as .ci/run installs it).
  chromePath:
    process.env.CHROMIUM_PATH ??
    ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((file) => existsSync(file)) ??
    '/usr/bin/chromium',
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
let failed = false;
try {
  const newest = await fetch(`http://127.0.0.1:${port}/api/public/jobs?page_size=1`);
  const firstJobId = ((await newest.json()) as { items: Array<{ id: string }> }).items[0]?.id;
  // Without an open public job there is no job page to measure.
  const addresses = pages.flatMap((address) =>
    address.includes(':first') ? (firstJobId ? [address.replace(':first', firstJobId)] : []) : [address],
  );
  for (const page of addresses) {
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
    const meets =
      row.performance >= 98 && row.accessibility === 100 && row.lcpMs <= 1500 && row.cls <= 0.02 && row.scriptKb <= 100;
    failed ||= !meets;
    rows.push(
      `| ${page} | ${row.performance} | ${row.accessibility} | ${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls.toFixed(3)} | ${row.scriptKb.toFixed(1)} KB | ${meets ? 'yes' : 'NO'} |`,
    );
  }
} finally {
  await chrome.kill();
  await stopProcess(server);
  await fs.rm(dataDir, { recursive: true, force: true });
}

console.log(`Lighthouse 12, mobile emulation, median of ${runs} runs per page, ${os.cpus().length} cores\n`);
console.log('| page | performance | accessibility | LCP | CLS | JS (gzipped, transferred) | meets targets |');
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const row of rows) console.log(row);
console.log('\nTargets: performance ≥ 98, accessibility 100, LCP ≤ 1.5 s, CLS ≤ 0.02, JavaScript ≤ 100 KB.');
if (failed) process.exitCode = 1;

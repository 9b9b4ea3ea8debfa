// The portal's pages on a phone, signed in (decision 037): for each page, every JavaScript file the browser
// fetched while the page loaded (count, and each body gzipped at level 9), and Lighthouse's mobile
// performance score with the session cookie. Used by scripts/bench-web.ts (`npm run bench:web -- --portal-only`).
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { SESSION_COOKIE } from '../../src/server/platform/auth-context';
import { DEMO_PASSWORD, demoAccounts } from '../../src/server/seed/demo-accounts';
import { type PageId, paths } from '../../src/shared/routes';

export const PORTAL_BUDGET = { scriptKb: 150, scriptFiles: 30, performance: 95 };

type DemoPerson = 'applicant' | 'company';

// The pages a signed-in person opens most, on each side of the marketplace.
const portalPages: ReadonlyArray<{ person: DemoPerson; pageId: PageId }> = [
  { person: 'applicant', pageId: 'applicantDashboard' },
  { person: 'applicant', pageId: 'applicantJobs' },
  { person: 'applicant', pageId: 'applicantMessages' },
  { person: 'company', pageId: 'companyDashboard' },
  { person: 'company', pageId: 'companyTalent' },
  { person: 'company', pageId: 'companyBilling' },
];

// Lighthouse's phone (its default mobile emulation: a Moto G Power), for the script count as well.
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Signs in through the form's endpoint, as the browser would, and answers the session cookie's value.
async function signIn(baseUrl: string, person: DemoPerson): Promise<string> {
  // The company's owner: every company page is open to them.
  const account = demoAccounts.find((candidate) => candidate.role === person);
  if (!account) throw new Error(`No demo ${person} account.`);
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Signing in as ${account.email} answered ${response.status}.`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`Signing in as ${account.email} set no session cookie.`);
  return cookie.slice(SESSION_COOKIE.length + 1);
}

interface ScriptFile {
  path: string;
  gzippedBytes: number;
}

// Every script the page fetched until the network went quiet (the page's data, and the code that data
// needed, included), with its body gzipped at level 9.
async function fetchedScripts(
  browser: import('@playwright/test').Browser,
  baseUrl: string,
  session: string,
  address: string,
): Promise<ScriptFile[]> {
  const context = await browser.newContext(PHONE);
  try {
    await context.addCookies([{ name: SESSION_COOKIE, value: session, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const bodies: Array<Promise<ScriptFile>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          gzippedBytes: zlib.gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(`${baseUrl}${address}`, { waitUntil: 'networkidle' });
    // Signed out, the portal would send the browser to sign in: that would measure the wrong page.
    if (new URL(page.url()).pathname !== address) throw new Error(`${address} went to ${page.url()}.`);
    return await Promise.all(bodies);
  } finally {
    await context.close();
  }
}

async function performanceScore(chromePort: number, url: string, session: string): Promise<number> {
  const outcome = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Lighthouse clears the origin's storage (cookies too) before it loads the page: the session goes as a
    // header on every request instead.
    extraHeaders: { Cookie: `${SESSION_COOKIE}=${session}` },
  });
  const lhr = outcome?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse ended at ${lhr.finalDisplayedUrl}, not ${url}.`);
  return Math.round((lhr.categories.performance?.score ?? 0) * 100);
}

export interface PortalBenchOptions {
  baseUrl: string;
  chromiumPath: string;
  // Lighthouse's Chrome (bench-web.ts launches it); without one, only the scripts are counted.
  chromePort?: number;
  runs: number;
}

// Measures every page: answers the report's lines (a table, and each page's largest scripts) and whether
// every page kept within the budget.
export async function benchPortalPages({
  baseUrl,
  chromiumPath,
  chromePort,
  runs,
}: PortalBenchOptions): Promise<{ report: string[]; isWithinBudget: boolean }> {
  const sessions: Record<DemoPerson, string> = {
    applicant: await signIn(baseUrl, 'applicant'),
    company: await signIn(baseUrl, 'company'),
  };
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const rows: string[] = [];
  const details: string[] = [];
  let isWithinBudget = true;
  try {
    for (const { person, pageId } of portalPages) {
      const address = paths[pageId].getHref();
      const scripts = await fetchedScripts(browser, baseUrl, sessions[person], address);
      // BENCH_PORTAL_SCRIPTS_DIR=dir: each page's scripts (path, gzipped bytes) as dir/<pageId>.json, to see
      // what a page loads and why (with `SOURCEMAP=1 npm run build`, each chunk's sources are in its map).
      if (process.env.BENCH_PORTAL_SCRIPTS_DIR) {
        await fs.writeFile(path.join(process.env.BENCH_PORTAL_SCRIPTS_DIR, `${pageId}.json`), JSON.stringify(scripts));
      }
      const scriptKb = scripts.reduce((sum, script) => sum + script.gzippedBytes, 0) / 1024;
      const scores: number[] = [];
      if (chromePort !== undefined) {
        for (let run = 0; run < runs; run++) {
          scores.push(await performanceScore(chromePort, `${baseUrl}${address}`, sessions[person]));
        }
      }
      const performance = chromePort === undefined ? undefined : median(scores);
      const meets =
        scriptKb <= PORTAL_BUDGET.scriptKb &&
        scripts.length <= PORTAL_BUDGET.scriptFiles &&
        (performance === undefined || performance >= PORTAL_BUDGET.performance);
      isWithinBudget &&= meets;
      rows.push(
        `| ${address} (${person}) | ${performance ?? '–'} | ${scriptKb.toFixed(1)} KB | ${scripts.length} | ${meets ? 'yes' : 'NO'} |`,
      );
      const largest = [...scripts].sort((a, b) => b.gzippedBytes - a.gzippedBytes).slice(0, 8);
      details.push(
        `${address}: ${largest.map((script) => `${script.path.replace('/assets/', '')} ${(script.gzippedBytes / 1024).toFixed(1)}`).join(', ')}`,
      );
    }
  } finally {
    await browser.close();
  }
  return {
    isWithinBudget,
    report: [
      `Signed-in portal pages on a phone (${PHONE.viewport.width}×${PHONE.viewport.height}), ${chromePort === undefined ? 'scripts only, no Lighthouse' : `Lighthouse median of ${runs} runs`}\n`,
      '| page | performance | JS fetched (gzip -9) | JS files | meets targets |',
      '|---|---:|---:|---:|---|',
      ...rows,
      '\nLargest scripts (KB, gzip -9):',
      ...details.map((line) => `- ${line}`),
      `\nTargets: JavaScript ≤ ${PORTAL_BUDGET.scriptKb} KB in ≤ ${PORTAL_BUDGET.scriptFiles} files, performance ≥ ${PORTAL_BUDGET.performance}.`,
    ],
  };
}

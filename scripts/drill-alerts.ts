// `npm run drill:alerts [-- --max-minutes 6 --keep-logs]`: an alert travels the whole chain to an inbox.
// Debian's prometheus and prometheus-alertmanager (installed when missing) run the shipped files —
// deploy/prometheus.yml, deploy/alerts.yml as they are, deploy/alertmanager.yml — rendered with loopback
// ports, a 1 s scrape interval, and a mail server of the drill's own (an SMTP sink in this process). The
// target is a fake Tandem instance (a /metrics page in this process). Once Prometheus scrapes it, the
// drill stops it, and waits for TandemInstanceDown's email to reach the on-call address at the sink. It
// prints the seconds from the target going down to the alert firing in Prometheus and to the email; no
// email within the bound fails the drill (exit 1).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../src/server/testing/free-port';
import { stopChild, waitUntilAnswering } from './bench/child-processes';
import {
  type ReceivedEmail,
  renderDrillAlertmanagerConfig,
  renderDrillPrometheusConfig,
  spawnAlertmanager,
  startSmtpSink,
} from './drill/alerting';
import { requireTool, spawnPrometheus } from './drill/prometheus';

const { values } = parseArgs({
  options: {
    'max-minutes': { type: 'string', default: '6' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const metricsToken = randomBytes(24).toString('base64url');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- cleaning up, whatever happens -------------------------------------------------------------

const cleanups: Array<{ name: string; run: () => Promise<unknown> }> = [];
let cleaning: Promise<void> | undefined;
let hasFailed = false;
function cleanUp() {
  cleaning ??= (async () => {
    for (const { name, run } of cleanups.reverse()) {
      await run().catch((error) => console.error(`cleaning up ${name} failed: ${(error as Error).message}`));
    }
  })();
  return cleaning;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything drill:alerts started…`);
    void cleanUp().finally(() => process.exit(code));
  });
}
const bound = setTimeout(() => {
  hasFailed = true;
  console.error(`\ndrill:alerts ran past its bound of ${values['max-minutes']} minutes: stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, Number(values['max-minutes']) * 60_000);
bound.unref();

// ---- preparing ---------------------------------------------------------------------------------

// The path of a Debian tool, installed first when missing.
function ensureTool(tool: string, debianPackage: string): string {
  try {
    return requireTool(tool, debianPackage);
  } catch {
    console.info(`${tool} is not installed: apt-get install -y ${debianPackage}…`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const installed = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debianPackage], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (installed.status !== 0) throw new Error(`apt-get install ${debianPackage} failed`);
    return requireTool(tool, debianPackage);
  }
}

// A Tandem instance as Prometheus sees it: /metrics behind the bearer token, ready.
async function startFakeTarget(port: number) {
  const server = http.createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${metricsToken}`) {
      response.writeHead(401).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    response.end('# TYPE tandem_ready gauge\ntandem_ready 1\n');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface PrometheusAlert {
  labels: Record<string, string>;
  state: string;
}

async function prometheusAlerts(prometheusUrl: string): Promise<PrometheusAlert[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/alerts`);
  const body = (await response.json()) as { data: { alerts: PrometheusAlert[] } };
  return body.data.alerts;
}

async function isUp(prometheusUrl: string): Promise<boolean> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query: 'up{job="tandem"}' })}`);
  const body = (await response.json()) as { data: { result: Array<{ value: [number, string] }> } };
  return body.data.result[0]?.value[1] === '1';
}

// Alertmanager's HTML body is quoted-printable: lines cut with a trailing `=`, `=3D` for `=`.
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const subjectOf = (email: ReceivedEmail) => /^Subject: (.*)$/im.exec(email.data)?.[1] ?? '(no subject)';

// ---- the run -----------------------------------------------------------------------------------

async function main() {
  const prometheusBinary = ensureTool('prometheus', 'prometheus');
  const alertmanagerBinary = ensureTool('prometheus-alertmanager', 'prometheus-alertmanager');
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-drill-alerts-'));
  cleanups.push({
    name: 'work folder',
    run: async () => {
      if (values['keep-logs'] || hasFailed) console.info(`logs kept in ${workDir}`);
      else await fs.rm(workDir, { recursive: true, force: true });
    },
  });

  // -- the mail server and Alertmanager --
  const sink = await startSmtpSink();
  cleanups.push({ name: 'SMTP sink', run: () => sink.close() });
  const alertmanagerPort = await freePort();
  const alertmanagerUrl = `http://127.0.0.1:${alertmanagerPort}`;
  const alertmanagerConfig = path.join(workDir, 'alertmanager.yml');
  await fs.writeFile(
    alertmanagerConfig,
    renderDrillAlertmanagerConfig(await fs.readFile('deploy/alertmanager.yml', 'utf8'), {
      smarthost: `127.0.0.1:${sink.port}`,
    }),
  );
  const alertmanager = spawnAlertmanager(alertmanagerBinary, {
    configFile: alertmanagerConfig,
    storage: path.join(workDir, 'alertmanager-data'),
    listen: `127.0.0.1:${alertmanagerPort}`,
    logFile: path.join(workDir, 'alertmanager.log'),
  });
  cleanups.push({ name: 'alertmanager', run: () => stopChild(alertmanager) });
  await waitUntilAnswering(alertmanager, `${alertmanagerUrl}/-/ready`, { status: 200 });

  // -- the target and Prometheus --
  const targetPort = await freePort();
  const target = await startFakeTarget(targetPort);
  cleanups.push({ name: 'fake target', run: () => target.stop() });
  const tokenFile = path.join(workDir, 'metrics-token');
  await fs.writeFile(tokenFile, metricsToken, { mode: 0o400 });
  await fs.copyFile('deploy/alerts.yml', path.join(workDir, 'alerts.yml'));
  const prometheusConfig = path.join(workDir, 'prometheus.yml');
  await fs.writeFile(
    prometheusConfig,
    renderDrillPrometheusConfig(await fs.readFile('deploy/prometheus.yml', 'utf8'), {
      target: `127.0.0.1:${targetPort}`,
      tokenFile,
      scrapeInterval: '1s',
      alertmanager: `127.0.0.1:${alertmanagerPort}`,
    }),
  );
  const prometheusPort = await freePort();
  const prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
  const prometheus = spawnPrometheus(prometheusBinary, {
    configFile: prometheusConfig,
    storage: path.join(workDir, 'tsdb'),
    listen: `127.0.0.1:${prometheusPort}`,
    logFile: path.join(workDir, 'prometheus.log'),
  });
  cleanups.push({ name: 'prometheus', run: () => stopChild(prometheus) });
  await waitUntilAnswering(prometheus, `${prometheusUrl}/-/ready`, { status: 200 });

  console.info(
    `\ndrill:alerts — Prometheus ${prometheusUrl} (scraping every 1 s), Alertmanager ${alertmanagerUrl}, ` +
      `SMTP sink 127.0.0.1:${sink.port}, target 127.0.0.1:${targetPort}; ${os.cpus().length} cores, ` +
      `load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const upDeadline = Date.now() + 30_000;
  while (!(await isUp(prometheusUrl))) {
    if (Date.now() > upDeadline) throw new Error('Prometheus did not scrape the target within 30 s.');
    await sleep(250);
  }
  console.info('Prometheus scrapes the target. Stopping it…');
  await target.stop();
  const downAt = Date.now();
  const seconds = (at: number) => ((at - downAt) / 1000).toFixed(1);

  // The alert turns pending, then firing after its `for`; then Alertmanager's group_wait, then the email.
  let firingAt: number | undefined;
  let pendingAt: number | undefined;
  let email: ReceivedEmail | undefined;
  while (!email) {
    if (!firingAt || !pendingAt) {
      const alert = (await prometheusAlerts(prometheusUrl)).find(
        (entry) => entry.labels.alertname === 'TandemInstanceDown',
      );
      if (alert && !pendingAt) {
        pendingAt = Date.now();
        console.info(`${seconds(pendingAt)} s: TandemInstanceDown pending in Prometheus`);
      }
      if (alert?.state === 'firing' && !firingAt) {
        firingAt = Date.now();
        console.info(`${seconds(firingAt)} s: TandemInstanceDown firing, sent to Alertmanager`);
      }
    }
    email = sink.emails.find((entry) => subjectOf(entry).includes('TandemInstanceDown'));
    if (!email) await sleep(250);
  }
  console.info(`${seconds(email.receivedAt)} s: the email reached the sink`);
  console.info(`    to ${email.to.join(', ')} from ${email.from}`);
  console.info(`    Subject: ${subjectOf(email)}`);

  const failures: string[] = [];
  // severity: page goes to the on-call receiver of deploy/alertmanager.yml.
  const pageAddress = /- name: page\n\s+email_configs:\n\s+- to: (\S+)/.exec(
    await fs.readFile('deploy/alertmanager.yml', 'utf8'),
  )?.[1];
  if (!pageAddress || !email.to.includes(pageAddress)) {
    failures.push(`the page went to ${email.to.join(', ')}, not the page receiver's ${pageAddress}`);
  }
  await fs.writeFile(path.join(workDir, 'email.eml'), email.data);
  if (!decodeQuotedPrintable(email.data).includes('docs/operations.md#alert-tandem-instance-down')) {
    failures.push('the email does not carry the runbook_url of the alert');
  }
  if (failures.length > 0) {
    hasFailed = true;
    console.error(`\ndrill:alerts FAILED:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
    return 1;
  }
  console.info(
    `\ndrill:alerts passed: target down to email in ${seconds(email.receivedAt)} s ` +
      `(the alert's for: 2m, then Alertmanager's group_wait).`,
  );
  return 0;
}

const exitCode = await main().catch((error: unknown) => {
  hasFailed = true;
  console.error(`\ndrill:alerts failed: ${(error as Error).stack ?? error}`);
  return 1;
});
await cleanUp();
process.exit(exitCode);

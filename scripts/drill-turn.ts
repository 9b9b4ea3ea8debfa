// `npm run drill:turn`: a call in Tandem's video room relayed through coturn (decision 030). Debian's coturn
// (installed when missing) runs deploy/turnserver.conf, its `# deployment:` settings rewritten for loopback
// and without TLS, started with --allow-loopback-peers (and --no-cli, without which coturn refuses it):
// both browsers are on this machine, so their relays' peers are loopback addresses, which the shipped
// file refuses as it must in production. The built server (test mode, embedded database) hands out TURN
// credentials signed with the drill's secret; two Chromium pages (fake camera and microphone) join one
// meeting's room with ?ice=relay, so only relayed candidates exist, and the drill reads getStats() on both:
// the selected candidate pair is `relay` and inbound bytes grow. Exits 1 when a check fails.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { freePort } from '../src/server/testing/free-port';
import { CONSENT_COOKIE_NAME } from '../src/shared/cookie-consent';
import { createCleanups, ensureBuild, repositoryRoot, sleep } from './drill/deployment';
import { renderTurnConfig } from './drill/turn-config';

const { values } = parseArgs({
  options: {
    'max-minutes': { type: 'string', default: '5' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const cleanups = createCleanups('drill:turn', Number(values['max-minutes']));
const SHIPPED_CONFIG = path.join(repositoryRoot, 'deploy/turnserver.conf');

function ensureCoturn() {
  const found = spawnSync('sh', ['-c', 'command -v turnserver'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  console.log('coturn is not installed: apt-get install -y coturn');
  const installed = spawnSync('apt-get', ['install', '-y', 'coturn'], { stdio: 'inherit' });
  if (installed.status !== 0) throw new Error('apt-get install -y coturn failed (run apt-get update first?)');
  return 'turnserver';
}

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium-headless-shell || command -v chromium'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    throw new Error('No Chromium: apt-get install -y chromium-headless-shell');
  }
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

function stopChildProcess(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

interface Figures {
  candidateType: string | null;
  remoteCandidateType: string | null;
  // The relayed address coturn gave this side.
  relayPort: number | null;
  inboundBytes: number;
  framesDecoded: number;
}

// The page's one connection: the selected pair's candidate types and what came in.
const figuresOf = (page: Page): Promise<Figures> =>
  page.evaluate(async () => {
    const [connection] = (window as unknown as { recordedPeerConnections: RTCPeerConnection[] })
      .recordedPeerConnections;
    const figures = {
      candidateType: null,
      remoteCandidateType: null,
      relayPort: null,
      inboundBytes: 0,
      framesDecoded: 0,
    } as Figures;
    if (!connection) return figures;
    const stats = await connection.getStats();
    stats.forEach((report) => {
      if (report.type === 'inbound-rtp') {
        figures.inboundBytes += report.bytesReceived ?? 0;
        figures.framesDecoded += report.framesDecoded ?? 0;
      }
      if (report.type === 'transport' && report.selectedCandidatePairId) {
        const pair = stats.get(report.selectedCandidatePairId);
        figures.candidateType = stats.get(pair?.localCandidateId)?.candidateType ?? null;
        figures.relayPort = stats.get(pair?.localCandidateId)?.port ?? null;
        figures.remoteCandidateType = stats.get(pair?.remoteCandidateId)?.candidateType ?? null;
      }
    });
    return figures;
  });

async function main() {
  const started = Date.now();
  const turnserver = ensureCoturn();
  ensureBuild();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-drill-turn-'));
  cleanups.add('work folder', async () => {
    if (values['keep-logs']) console.log(`logs kept in ${workDir}`);
    else await fs.rm(workDir, { recursive: true, force: true });
  });

  // coturn on loopback.
  const turnPort = await freePort();
  const minPort = 40_000 + Math.floor(Math.random() * 20_000);
  const secret = randomBytes(32).toString('base64url');
  const configFile = path.join(workDir, 'turnserver.conf');
  await fs.writeFile(
    configFile,
    renderTurnConfig(await fs.readFile(SHIPPED_CONFIG, 'utf8'), {
      port: turnPort,
      secret,
      minPort,
      maxPort: minPort + 99,
    }),
  );
  const turnLog = await fs.open(path.join(workDir, 'turnserver.log'), 'w');
  // Only the drill allows loopback peers (both browsers are here); coturn takes the flag only with --no-cli.
  const coturn = spawn(turnserver, ['-c', configFile, '--allow-loopback-peers', '--no-cli'], {
    stdio: ['ignore', turnLog.fd, turnLog.fd],
  });
  cleanups.add('coturn', async () => {
    await stopChildProcess(coturn);
    await turnLog.close();
  });
  const turnLogText = () => fs.readFile(path.join(workDir, 'turnserver.log'), 'utf8');
  await waitFor(
    'coturn to listen',
    async () => ((await turnLogText()).includes('Total General servers') ? true : undefined),
    15_000,
  ).catch(async (error) => {
    throw new Error(`${(error as Error).message}\n${await turnLogText()}`);
  });

  // The built server, handing out credentials for that TURN server.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serverLog = await fs.open(path.join(workDir, 'server.log'), 'w');
  const server = spawn(process.execPath, ['--enable-source-maps', 'build/server/main.js'], {
    cwd: repositoryRoot,
    stdio: ['ignore', serverLog.fd, serverLog.fd],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: path.join(workDir, 'data'),
      ENABLE_TEST_ROUTES: 'true',
      LOG_LEVEL: 'warn',
      TURN_URL: `turn:127.0.0.1:${turnPort}?transport=udp`,
      TURN_SECRET: secret,
    },
  });
  cleanups.add('server', async () => {
    await stopChildProcess(server);
    await serverLog.close();
  });
  await waitFor(
    'the server to be ready',
    async () => ((await fetch(`${origin}/api/ready`)).ok ? true : undefined),
    90_000,
  );

  // A company, an applicant, an application and a meeting starting in five minutes (its room is open).
  const api = async (method: string, pathname: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${origin}${pathname}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const account = async (role: string, name: string) => {
    const created = await api('POST', '/api/testing/accounts', {
      role,
      name,
      time_zone: 'Europe/London',
      ...(role === 'company' ? { company_name: 'Drill Company' } : {}),
    });
    const { token } = await api('POST', '/api/testing/sessions', { email: created.email });
    return { email: String(created.email), token: String(token), cookie: `tandem_session=${token}` };
  };
  const company = await account('company', 'Rita Relay');
  const applicant = await account('applicant', 'Ada Relay');
  const job = await api(
    'POST',
    '/api/jobs',
    {
      title: 'Relay Engineer',
      description: 'Calls through TURN.',
      engagement_type: 'hourly',
      budget_min: 60,
      budget_max: 80,
      skill_tags: ['WebRTC'],
      status: 'open',
    },
    company.cookie,
  );
  const seeded = await api(
    'POST',
    `/api/testing/jobs/${job.id}/applications`,
    { applications: [{ applicant_email: applicant.email, proposal_rate: 58 }] },
    company.cookie,
  );
  const [application] = seeded.applications as Array<{ id: string }>;
  const meeting = await api(
    'POST',
    '/api/meetings',
    {
      application_id: application?.id,
      type: 'interview',
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      duration_minutes: 30,
    },
    company.cookie,
  );

  // Two browsers' pages, relay only.
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  cleanups.add('browser', () => browser.close());
  const pages: Page[] = [];
  for (const person of [company, applicant]) {
    const context = await browser.newContext({ baseURL: origin, permissions: ['camera', 'microphone'] });
    await context.addCookies([{ name: 'tandem_session', value: person.token, url: origin, httpOnly: true }]);
    await context.addCookies([{ name: CONSENT_COOKIE_NAME, value: 'essential', url: origin }]);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.addInitScript(() => {
      const Native = window.RTCPeerConnection;
      const recorded: RTCPeerConnection[] = [];
      Object.assign(window, { recordedPeerConnections: recorded });
      window.RTCPeerConnection = class extends Native {
        constructor(configuration?: RTCConfiguration) {
          super(configuration);
          recorded.push(this);
        }
      };
    });
    await page.goto(`${meeting.join_url}?ice=relay`);
    await page.getByRole('button', { name: 'Join the Call' }).click({ timeout: 30_000 });
    pages.push(page);
  }

  const connectedAt = Date.now();
  const first = await Promise.all(
    pages.map((page) =>
      waitFor(
        'a relayed connection with video',
        async () => {
          const figures = await figuresOf(page);
          return figures.candidateType && figures.framesDecoded > 10 ? figures : undefined;
        },
        45_000,
      ),
    ),
  );
  const secondsToMedia = (Date.now() - connectedAt) / 1000;
  await sleep(3_000);
  const second = await Promise.all(pages.map(figuresOf));

  const checks = pages.map((_page, index) => {
    const before = first[index] as Figures;
    const after = second[index] as Figures;
    return {
      side: index === 0 ? 'company' : 'applicant',
      relayed:
        after.candidateType === 'relay' &&
        after.remoteCandidateType === 'relay' &&
        after.relayPort !== null &&
        after.relayPort >= minPort &&
        after.relayPort <= minPort + 99,
      growing: after.inboundBytes > before.inboundBytes,
      before,
      after,
    };
  });
  console.log('\ndrill:turn');
  for (const check of checks) {
    const kbPerSecond = (check.after.inboundBytes - check.before.inboundBytes) / 1024 / 3;
    console.log(
      `  ${check.relayed && check.growing ? 'ok  ' : 'FAIL'} ${check.side}: selected pair ${check.after.candidateType} → ${check.after.remoteCandidateType} (relayed on coturn's port ${check.after.relayPort}, its range ${minPort}–${minPort + 99}), inbound ${Math.round(check.before.inboundBytes / 1024)} KB → ${Math.round(check.after.inboundBytes / 1024)} KB (${kbPerSecond.toFixed(0)} KB/s over 3 s), ${check.after.framesDecoded} frames decoded`,
    );
  }
  console.log(
    `  join to relayed video on both sides: ${secondsToMedia.toFixed(1)} s; whole drill ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const passed = checks.every((check) => check.relayed && check.growing);
  await cleanups.run();
  process.exit(passed ? 0 : 1);
}

await main();

// `npm run bench:live-flood [-- --frames 3000 --listeners 3]`: one live socket floods the server with typing
// commands while /api/health is timed, one request after another, before and during.
// The demo company types into its support conversation; the demo administrator listens in several tabs,
// so each relayed frame fans out. Without a per-socket limit the relays held /api/health for seconds;
// with it a few are relayed, the rest dropped, and the flooding socket is closed with 1008.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { DEMO_PASSWORD, demoAccounts } from '../src/server/seed/demo-accounts';
import { freePort } from '../src/server/testing/free-port';
import { LIVE_SOCKET_PATH } from '../src/shared/live-events';
import { startProcess, stopProcess } from './bench/server-process';

const { values: options } = parseArgs({
  options: { frames: { type: 'string', default: '3000' }, listeners: { type: 'string', default: '3' } },
});
const frames = Number(options.frames);
const listeners = Number(options.listeners);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-bench-live-flood-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const browserHeaders = { origin: base, 'sec-fetch-site': 'same-origin' };
const server = await startProcess(
  'src/server/main.ts',
  {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
  },
  `${base}/api/ready`,
);

async function signIn(role: 'company' | 'admin'): Promise<string> {
  const account = demoAccounts.find((candidate) => candidate.role === role);
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...browserHeaders },
    body: JSON.stringify({ email: account?.email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`The demo ${role} could not sign in: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function openSocket(cookie: string): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_SOCKET_PATH}`, { headers: { origin: base, cookie } });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

// /api/health one request after another for the given time: how long each took.
async function timeHealth(durationMs: number) {
  const samples: number[] = [];
  const end = Date.now() + durationMs;
  while (Date.now() < end) {
    const started = performance.now();
    await fetch(`${base}/api/health`);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  samples.sort((a, b) => a - b);
  const at = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(fraction * samples.length))] ?? 0;
  return `${samples.length} requests · p50 ${at(0.5).toFixed(1)} ms · p99 ${at(0.99).toFixed(1)} ms · max ${samples.at(-1)?.toFixed(1)} ms`;
}

const sockets: WebSocket[] = [];
try {
  const companyCookie = await signIn('company');
  const support = await fetch(`${base}/api/conversations/support`, {
    method: 'POST',
    headers: { cookie: companyCookie, ...browserHeaders },
  });
  const conversationId = ((await support.json()) as { id: string }).id;
  const adminCookie = await signIn('admin');
  let heard = 0;
  for (let tab = 0; tab < listeners; tab++) {
    const socket = await openSocket(adminCookie);
    socket.on('message', (data) => {
      if (String(data).includes('"typing"')) heard += 1;
    });
    sockets.push(socket);
  }
  console.log(`before:  ${await timeHealth(1_000)}`);

  const flooding = await openSocket(companyCookie);
  sockets.push(flooding);
  let closeCode: number | null = null;
  flooding.on('close', (code) => {
    closeCode = code;
  });
  const during = timeHealth(1_500);
  const frame = JSON.stringify({ type: 'typing', conversation_id: conversationId });
  for (let sent = 0; sent < frames && flooding.readyState === WebSocket.OPEN; sent++) flooding.send(frame);
  console.log(`during:  ${await during}`);
  console.log(
    `${frames} typing frames sent; ${heard} relayed to ${listeners} listening tabs; flooding socket closed with ${closeCode ?? 'nothing (still open)'}`,
  );
} finally {
  for (const socket of sockets) socket.terminate();
  await stopProcess(server);
  await fs.rm(dataDir, { recursive: true, force: true });
}

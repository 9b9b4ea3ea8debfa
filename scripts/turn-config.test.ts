import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/server/testing/free-port';
import { requireTool } from './drill/prometheus';
import { renderTurnConfig } from './drill/turn-config';

const shippedPath = path.resolve(import.meta.dirname, '..', 'deploy', 'turnserver.conf');
const drill = { port: 3478, secret: 'drill-secret-0123456789', minPort: 50_000, maxPort: 50_099 };
const settingsOf = (config: string) =>
  config
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
const valuesOf = (config: string, name: string) =>
  settingsOf(config)
    .filter((line) => line.split('=')[0] === name)
    .map((line) => line.slice(name.length + 1));

// Every private, loopback-adjacent, link-local, CGNAT and reserved range a relay must not reach.
const deniedRanges = [
  '0.0.0.0-0.255.255.255',
  '10.0.0.0-10.255.255.255',
  '100.64.0.0-100.127.255.255',
  '169.254.0.0-169.254.255.255',
  '172.16.0.0-172.31.255.255',
  '192.168.0.0-192.168.255.255',
  '::1',
  'fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  'fe80::-febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
];

// deploy/turnserver.conf as shipped and as `npm run drill:turn` renders it. coturn has no configuration
// check, so its security lines are read here; where coturn is installed, it starts on the drill's file.
describe('deploy/turnserver.conf', () => {
  let shipped: string;
  beforeAll(async () => {
    shipped = await fs.readFile(shippedPath, 'utf8');
  });

  it('accepts only Tandem’s signed credentials and relays to the public internet only', () => {
    const settings = settingsOf(shipped);
    expect(settings).toContain('use-auth-secret');
    expect(valuesOf(shipped, 'static-auth-secret')).toHaveLength(1);
    expect(settings).toContain('no-cli');
    expect(settings).toContain('no-multicast-peers');
    expect(valuesOf(shipped, 'denied-peer-ip')).toEqual(expect.arrayContaining(deniedRanges));
    // Never in production: loopback peers, anonymous relays, a CLI reachable over the network.
    for (const forbidden of ['allow-loopback-peers', 'no-auth', 'lt-cred-mech', 'cli-password']) {
      expect(settings.map((line) => line.split('=')[0])).not.toContain(forbidden);
    }
    expect(valuesOf(shipped, 'no-tlsv1')).toEqual(['']);
  });

  it('keeps comments off settings’ lines: coturn would read them as part of the value', () => {
    const commented = settingsOf(shipped).filter((line) => line.includes('#'));
    expect(commented).toEqual([]);
    // Each marker names the setting right below it.
    const lines = shipped.split('\n');
    lines.forEach((line, index) => {
      if (!line.startsWith('# deployment:')) return;
      expect(lines[index + 1], line).toMatch(/^[a-z-]+=\S+$/);
    });
  });

  it('renders for the drill: loopback, the drill’s secret and ports, no TLS, the same protections', () => {
    const rendered = renderTurnConfig(shipped, drill);
    expect(valuesOf(rendered, 'listening-ip')).toEqual(['127.0.0.1']);
    expect(valuesOf(rendered, 'relay-ip')).toEqual(['127.0.0.1']);
    expect(valuesOf(rendered, 'static-auth-secret')).toEqual([drill.secret]);
    expect(valuesOf(rendered, 'min-port')).toEqual(['50000']);
    expect(valuesOf(rendered, 'max-port')).toEqual(['50099']);
    expect(valuesOf(rendered, 'realm')).toEqual(['drill.tandem.test']);
    for (const gone of ['external-ip', 'cert', 'pkey', 'tls-listening-port'])
      expect(valuesOf(rendered, gone)).toEqual([]);
    expect(settingsOf(rendered)).toEqual(expect.arrayContaining(['no-tls', 'no-dtls', 'use-auth-secret', 'no-cli']));
    expect(valuesOf(rendered, 'denied-peer-ip')).toEqual(valuesOf(shipped, 'denied-peer-ip'));
    // The drill passes --allow-loopback-peers on its command line; the file never holds it.
    expect(settingsOf(rendered).filter((line) => line.includes('allow-loopback-peers'))).toEqual([]);
    expect(() => renderTurnConfig(`# deployment: a new one\nuser=someone:secret\n`, drill)).toThrow(/user=someone/);
  });

  // Debian's coturn, as .ci/run installs it (and npm test asks for it).
  describe('run by coturn', () => {
    let turnserver: string;
    let directory: string;
    let child: ChildProcess | undefined;
    beforeAll(async () => {
      turnserver = requireTool('turnserver', 'coturn');
      directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-turn-config-'));
    });
    afterAll(async () => {
      child?.kill('SIGKILL');
      await fs.rm(directory, { recursive: true, force: true });
    });

    it('starts on the drill’s file with no error, reading each value whole', async () => {
      const port = await freePort();
      const minPort = 40_000 + Math.floor(Math.random() * 20_000);
      const file = path.join(directory, 'turnserver.conf');
      await fs.writeFile(file, renderTurnConfig(shipped, { ...drill, port, minPort, maxPort: minPort + 9 }));
      let log = '';
      child = spawn(turnserver, ['-c', file, '--allow-loopback-peers', '--no-cli'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
      });
      const deadline = Date.now() + 10_000;
      while (!log.includes('Total General servers') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(log).toContain('Total General servers');
      expect(log).not.toMatch(/ERROR|error resolving|Bad configuration/);
      expect(log).toMatch(/Default realm: drill\.tandem\.test\n/);
    }, 15_000);
  });
});

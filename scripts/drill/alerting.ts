import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { Child } from '../bench/child-processes';
import { renderPrometheusConfig } from './prometheus';

// The alerting chain as drill:alerts runs it: deploy/prometheus.yml with its tandem job alone (the drill's
// target; no exporter runs here, and their down alerts would send mail of their own) and Alertmanager on
// the drill's port; deploy/alertmanager.yml with the drill's mail server, which takes no password and no
// TLS. Every replacement must find its place, so the shipped files and the drill cannot drift apart.

// Each pattern's replacement, given the match and its groups.
type Replacement = [RegExp, (match: string, ...groups: string[]) => string];

function replaceAll(file: string, source: string, replacements: Replacement[]): string {
  return replacements.reduce((text, [pattern, replacement]) => {
    if (!pattern.test(text)) throw new Error(`${file} no longer has what ${pattern} looks for`);
    return text.replace(pattern, (match: string, ...groups: string[]) => replacement(match, ...groups));
  }, source);
}

export function renderDrillPrometheusConfig(
  source: string,
  {
    target,
    tokenFile,
    scrapeInterval,
    alertmanager,
  }: { target: string; tokenFile: string; scrapeInterval: string; alertmanager: string },
): string {
  const rendered = renderPrometheusConfig(source, { targets: [target], tokenFile, scrapeInterval });
  return replaceAll('deploy/prometheus.yml', rendered, [
    // The tandem job ends at the first blank line; every job (and its comment) after it goes.
    [/^( {2}- job_name: tandem\n(?:.+\n)+)\n[\s\S]*$/m, (_, job) => job],
    [
      /^scrape_configs:\n/m,
      () =>
        `alerting:\n  alertmanagers:\n    - static_configs:\n        - targets:\n            - ${alertmanager}\n\nscrape_configs:\n`,
    ],
  ]);
}

export function renderDrillAlertmanagerConfig(source: string, { smarthost }: { smarthost: string }): string {
  return replaceAll('deploy/alertmanager.yml', source, [
    [/^( {2}smtp_smarthost: )\S+(.*)$/m, (_, key, rest) => `${key}${smarthost}${rest}`],
    [/^ {2}smtp_auth_username: .*\n/m, () => ''],
    [/^ {2}smtp_auth_password_file: .*\n/m, () => ''],
    [/^( {2}smtp_require_tls: )true$/m, (_, key) => `${key}false`],
  ]);
}

// Alertmanager on a loopback port, alone (no cluster), its output in logFile.
export function spawnAlertmanager(
  binary: string,
  { configFile, storage, listen, logFile }: { configFile: string; storage: string; listen: string; logFile: string },
): Child {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.path=${storage}`,
      `--web.listen-address=${listen}`,
      '--cluster.listen-address=',
    ],
    { stdio: ['ignore', log, log] },
  );
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name: 'alertmanager', process: child, pid: child.pid ?? 0, exited };
}

export interface ReceivedEmail {
  from: string;
  to: string[];
  data: string;
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  emails: ReceivedEmail[];
  close: () => Promise<void>;
}

// A mail server that accepts every message and keeps it in memory: enough SMTP (RFC 5321) for
// Alertmanager's client — no TLS, no authentication offered, so none is attempted.
export async function startSmtpSink(): Promise<SmtpSink> {
  const emails: ReceivedEmail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    let data: string[] | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 drill-sink ESMTP');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            emails.push({ ...envelope, data: data.join('\n'), receivedAt: Date.now() });
            envelope = { from: '', to: [] };
            data = undefined;
            reply('250 2.0.0 kept');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') reply('250-drill-sink\r\n250 8BITMIME');
        else if (command === 'HELO') reply('250 drill-sink');
        else if (command === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (command === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (command === 'DATA') {
          data = [];
          reply('354 end with <CRLF>.<CRLF>');
        } else if (command === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 2.0.0 ok');
        } else if (command === 'NOOP') reply('250 2.0.0 ok');
        else if (command === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The SMTP sink did not get a port.');
  return {
    port: address.port,
    emails,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.unref();
      }),
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stopChildServer, waitUntilReady } from './child-server';
import { freePort } from './free-port';

// A real CalDAV server on loopback — Debian's Radicale 3 — for the calendar sync tests (decision 059). Each call
// gets a folder of its own (configuration, users, collections), plain-text htpasswd users, and no delay after a
// wrong password; the helpers below make a calendar and read, write and remove events the way a person's
// calendar app would.

const RADICALE = '/usr/bin/radicale';

export interface RadicaleUser {
  username: string;
  password: string;
}

export interface RadicaleServer {
  // http://127.0.0.1:<port>
  url: string;
  // A calendar (MKCALENDAR) in the user's home: its collection URL, ending in '/'.
  createCalendar(user: RadicaleUser, slug: string, name: string): Promise<string>;
  putEvent(user: RadicaleUser, eventUrl: string, ics: string): Promise<Response>;
  getEvent(user: RadicaleUser, eventUrl: string): Promise<Response>;
  deleteEvent(user: RadicaleUser, eventUrl: string): Promise<Response>;
  // The .ics files of a calendar, by path (decoded).
  listEvents(user: RadicaleUser, calendarUrl: string): Promise<string[]>;
  stop(): Promise<void>;
}

const basic = (user: RadicaleUser) =>
  `Basic ${Buffer.from(`${user.username}:${user.password}`, 'utf8').toString('base64')}`;

async function assertInstalled(): Promise<void> {
  try {
    await fs.access(RADICALE);
  } catch {
    throw new Error(`Radicale is missing (no ${RADICALE}): apt-get install -y radicale, as .ci/run does.`);
  }
}

const tail = (text: string, lines = 20) => text.trimEnd().split('\n').slice(-lines).join('\n');

export async function startRadicale({ users }: { users: RadicaleUser[] }): Promise<RadicaleServer> {
  await assertInstalled();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-radicale-'));
  await fs.writeFile(
    path.join(directory, 'users'),
    users.map((user) => `${user.username}:${user.password}`).join('\n'),
    { mode: 0o600 },
  );
  let server: ChildProcess | undefined;
  let output = '';
  let url = '';
  try {
    // freePort() finds a port that was free a moment ago: if Radicale loses it, take another.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      const config = [
        '[server]',
        `hosts = 127.0.0.1:${port}`,
        '[auth]',
        'type = htpasswd',
        `htpasswd_filename = ${path.join(directory, 'users')}`,
        'htpasswd_encryption = plain',
        // A wrong password is answered at once: the failing-connection test does not wait a second for it.
        'delay = 0',
        '[rights]',
        'type = owner_only',
        '[storage]',
        `filesystem_folder = ${path.join(directory, 'collections')}`,
        '[web]',
        'type = none',
        '[logging]',
        'level = warning',
        'mask_passwords = True',
      ].join('\n');
      await fs.writeFile(path.join(directory, 'config'), `${config}\n`);
      output = '';
      const started = spawn(RADICALE, ['--config', path.join(directory, 'config')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server = started;
      const keep = (chunk: Buffer) => {
        output = tail(output + chunk.toString('utf8'), 200);
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      const exited = new Promise<'exited'>((resolve) => {
        started.once('exit', () => resolve('exited'));
        started.once('error', () => resolve('exited'));
      });
      const ready = await Promise.race([waitUntilReady(() => radicaleAnswers(url)), exited]);
      if (ready === 'ready') break;
      if (ready === 'exited' && /address already in use/i.test(output) && attempt < 3) continue;
      throw new Error(
        ready === 'exited'
          ? `Radicale exited before it answered:\n${tail(output)}`
          : `Radicale did not answer within 30 s: ${ready}\n${tail(output)}`,
      );
    }
  } catch (error) {
    await stopChildServer(server);
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }

  const send = (user: RadicaleUser, target: string, init: RequestInit = {}) =>
    fetch(new URL(target, url), {
      ...init,
      headers: { authorization: basic(user), ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(10_000),
    });

  return {
    url,
    async createCalendar(user, slug, name) {
      const calendarUrl = `${url}/${encodeURIComponent(user.username)}/${encodeURIComponent(slug)}/`;
      // The home exists once the user has been seen: a PROPFIND makes it.
      await send(user, `/${encodeURIComponent(user.username)}/`, { method: 'PROPFIND', headers: { depth: '0' } });
      const body =
        '<?xml version="1.0" encoding="utf-8"?>' +
        '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>' +
        `<D:displayname>${name.replace(/[<&>]/g, '')}</D:displayname>` +
        '<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>' +
        '</D:prop></D:set></C:mkcalendar>';
      const response = await send(user, calendarUrl, {
        method: 'MKCALENDAR',
        body,
        headers: { 'content-type': 'application/xml; charset=utf-8' },
      });
      if (response.status !== 201) {
        throw new Error(`Radicale did not make the calendar: HTTP ${response.status} ${await response.text()}`);
      }
      return calendarUrl;
    },
    putEvent: (user, eventUrl, ics) =>
      send(user, eventUrl, { method: 'PUT', body: ics, headers: { 'content-type': 'text/calendar; charset=utf-8' } }),
    getEvent: (user, eventUrl) => send(user, eventUrl),
    deleteEvent: (user, eventUrl) => send(user, eventUrl, { method: 'DELETE' }),
    async listEvents(user, calendarUrl) {
      const response = await send(user, calendarUrl, {
        method: 'PROPFIND',
        headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
        body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
      });
      const text = await response.text();
      return [...text.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/gi)].map((match) =>
        decodeURIComponent(match[1] ?? ''),
      );
    },
    stop: async () => {
      await stopChildServer(server);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

// 'ready' once Radicale answers (401 without credentials is an answer).
async function radicaleAnswers(url: string): Promise<'ready' | string> {
  const response = await fetch(`${url}/.well-known/caldav`, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
  return response.status < 500 ? 'ready' : `HTTP ${response.status}`;
}

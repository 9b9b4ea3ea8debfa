import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { calendarConnectionTexts as texts } from '~/shared/calendar-connections';
import { validationError } from '../platform/errors';

// Where Tandem may sign in to a person's CalDAV server (SSRF, as webhooks/webhook-target.ts): in production only
// https addresses whose every resolved address is public; where private targets are allowed (tests, development:
// WEBHOOK_PRIVATE_TARGETS), also plain http to this machine, for a local Radicale.
export interface CalendarServerPolicy {
  privateTargets: boolean;
}

const isPublic = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
const isLoopback = (host: string) =>
  host === 'localhost' || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback');

// A sentence at `server_url` (400) when the address may not be used.
export async function checkCalendarServerUrl(value: string, { privateTargets }: CalendarServerPolicy): Promise<void> {
  const url = new URL(value);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' && !(privateTargets && isLoopback(host))) {
    throw validationError({ server_url: texts.serverUrlNotHttps });
  }
  if (privateTargets) return;
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw validationError({ server_url: texts.serverUrlUnresolvable });
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublic)) {
    throw validationError({ server_url: texts.serverUrlPrivate });
  }
}

// What the person knows the account by: an email as it is, another user name at the server's host.
export function calDavAccountName(serverUrl: string, username: string): string {
  const host = new URL(serverUrl).host;
  return username.includes('@') ? `${username} (${host})` : `${username}@${host}`;
}

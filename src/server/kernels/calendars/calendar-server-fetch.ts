import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { CalendarUnreachable } from './calendar-provider';

// How Tandem reaches a calendar server a person named (decision 059): the address is theirs to type, so, as
// for webhooks (issue 58), in production (privateTargets false) only https to public unicast addresses, checked
// on the address each connection actually dials (a name that resolves to 127.0.0.1 or the cloud metadata
// service is refused, DNS rebinding included). Every request is bounded in time and in the size of its answer,
// so a slow or hostile server costs a refresh, never a page.

export interface CalendarServerPolicy {
  // Tests and development: loopback and private addresses, and plain http, allowed.
  privateTargets: boolean;
}

export const CALENDAR_REQUEST_TIMEOUT_MS = 10_000;
// More than a calendar-query over two months of a busy calendar answers.
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export const calendarServerTexts = {
  notHttps: 'The calendar server must be reached over https.',
  private: 'The calendar server’s address is private, loopback or link-local: Tandem does not connect to it.',
  unresolvable: 'The calendar server’s host name could not be found.',
  refused: 'The calendar server refused the connection.',
  timeout: `The calendar server did not answer within ${CALENDAR_REQUEST_TIMEOUT_MS / 1000} seconds.`,
  tooLarge: 'The calendar server’s answer was too large.',
};

const isPublic = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';

const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((entry) => !isPublic(entry.address))) {
      return callback(Object.assign(new Error(calendarServerTexts.private), { code: 'ECALENDARPRIVATE' }), '', 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
};

// A sentence for the address itself, or null when it may be used (what a form checks before connecting).
export function calendarServerAddressProblem(value: string, { privateTargets }: CalendarServerPolicy): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter the calendar server’s address, starting with https://.';
  }
  if (url.protocol !== 'https:' && !(privateTargets && url.protocol === 'http:')) return calendarServerTexts.notHttps;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!privateTargets && isIP(host) && !isPublic(host)) return calendarServerTexts.private;
  return null;
}

function describeFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECALENDARPRIVATE':
      return calendarServerTexts.private;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return calendarServerTexts.unresolvable;
    case 'ECONNREFUSED':
      return calendarServerTexts.refused;
    case 'ECONNRESET':
      return 'The calendar server closed the connection before answering.';
    default:
      return error.message || 'The calendar server could not be reached.';
  }
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers = new Headers(init?.headers);
  return Object.fromEntries(headers.entries());
}

function bodyOf(init: RequestInit | undefined): string | Buffer | undefined {
  const body = init?.body;
  if (body == null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new Error('Only text or bytes are sent to a calendar server.');
}

// One request, no redirect followed: the answer as a Response, or CalendarUnreachable.
function requestOnce(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  policy: CalendarServerPolicy,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const problem = calendarServerAddressProblem(url.href, policy);
    if (problem) {
      reject(new CalendarUnreachable(problem));
      return;
    }
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: CALENDAR_REQUEST_TIMEOUT_MS,
        ...(policy.privateTargets ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy(Object.assign(new Error(calendarServerTexts.tooLarge), { code: 'ECALENDARLARGE' }));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const item of Array.isArray(value) ? value : [value]) answerHeaders.append(name, item);
          }
          const status = response.statusCode ?? 500;
          const hasBody = status !== 204 && status !== 304 && method !== 'HEAD';
          const answer = new Response(hasBody ? Buffer.concat(chunks) : null, {
            status,
            statusText: response.statusMessage ?? '',
            headers: answerHeaders,
          });
          // Response's url is read-only and empty when built by hand; tsdav reads it for single answers.
          Object.defineProperty(answer, 'url', { value: url.href });
          resolve(answer);
        });
        response.on('error', (error: NodeJS.ErrnoException) => reject(new CalendarUnreachable(describeFailure(error))));
      },
    );
    // Bounded as a whole, not only between packets: a server dripping bytes is a slow server.
    const deadline = setTimeout(
      () => request.destroy(Object.assign(new Error(calendarServerTexts.timeout), { code: 'ETIMEDOUT' })),
      CALENDAR_REQUEST_TIMEOUT_MS,
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error(calendarServerTexts.timeout), { code: 'ETIMEDOUT' })),
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('error', (error: NodeJS.ErrnoException) => reject(new CalendarUnreachable(describeFailure(error))));
    request.end(body);
  });
}

// A fetch for tsdav that keeps to the policy on every connection, redirects included (each one dialled anew
// through the same check). `redirect: 'manual'` (tsdav's discovery) hands a 3xx back as is.
export function calendarServerFetch(policy: CalendarServerPolicy): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    let url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = headersOf(init);
    const body = bodyOf(init);
    for (let redirects = 0; ; redirects += 1) {
      const response = await requestOnce(url, method, headers, body, policy);
      const location = response.headers.get('location');
      if (init?.redirect === 'manual' || response.status < 300 || response.status >= 400 || !location) return response;
      if (redirects >= MAX_REDIRECTS) throw new CalendarUnreachable('The calendar server redirected too many times.');
      const next = new URL(location, url);
      // The password goes to the server the person named, not to wherever it points.
      if (next.origin !== url.origin) delete headers.authorization;
      url = next;
    }
  }) as typeof fetch;
}

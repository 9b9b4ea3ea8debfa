import { promises as dns, lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookTexts } from '~/shared/webhooks';
import { validationError } from '../platform/errors';

// Where a webhook may go (SSRF, issue 58). In production (privateTargets false) only to https addresses whose
// every resolved address is public unicast: never loopback, private, link-local (the cloud metadata service),
// carrier-grade NAT or reserved. The check runs when an endpoint is saved, for a sentence at the field, and
// again on every connection, on the address actually dialled: a name that resolved to a public address then
// and to 127.0.0.1 now (DNS rebinding) is refused.

export interface WebhookTargetPolicy {
  privateTargets: boolean;
}

const isPublic = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';

// The endpoint's address as saved: a sentence (400, at `url`) when it may not be used.
export async function checkWebhookUrl(value: string, { privateTargets }: WebhookTargetPolicy): Promise<void> {
  if (privateTargets) return;
  const url = new URL(value);
  if (url.protocol !== 'https:') throw validationError({ url: webhookTexts.urlNotHttps });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw validationError({ url: webhookTexts.urlUnresolvable });
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublic)) {
    throw validationError({ url: webhookTexts.urlPrivate });
  }
}

// The resolver a connection uses in production: the same lookup, refusing the connection when any address is
// not public.
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublic(entry.address));
    if (refused || addresses.length === 0) {
      return callback(Object.assign(new Error(NOT_PUBLIC), { code: 'EWEBHOOKPRIVATE' }), '', 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
};

const NOT_PUBLIC = 'The address resolves to a private, loopback or link-local address: not sent.';
// What is kept of an answer: enough to see why it failed.
const RESPONSE_KEPT_BYTES = 2048;

export interface WebhookResponse {
  statusCode: number | null;
  error: string | null;
  body: string;
  durationMs: number;
}

// One POST, never throwing: the answer's status and the start of its body, or why there was none. Redirects are
// not followed (a 3xx is a failure): a redirect is the other way into a private network.
export function postWebhook({
  url,
  headers,
  body,
  policy,
  timeoutMs,
}: {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: WebhookTargetPolicy;
  timeoutMs: number;
}): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ statusCode: null, error: webhookTexts.urlInvalid, body: '', durationMs: 0 });
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!policy.privateTargets && (target.protocol !== 'https:' || (isIP(host) && !isPublic(host)))) {
      resolve({
        statusCode: null,
        error: target.protocol !== 'https:' ? webhookTexts.urlNotHttps : NOT_PUBLIC,
        body: '',
        durationMs: 0,
      });
      return;
    }
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        timeout: timeoutMs,
        ...(policy.privateTargets ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? null,
            error: null,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8'),
            durationMs: elapsed(),
          }),
        );
        response.on('error', (error) =>
          resolve({ statusCode: response.statusCode ?? null, error: error.message, body: '', durationMs: elapsed() }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} seconds.`)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ statusCode: null, error: describeFailure(error), body: '', durationMs: elapsed() }),
    );
    request.end(body);
  });
}

function describeFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EWEBHOOKPRIVATE':
      return NOT_PUBLIC;
    case 'ECONNREFUSED':
      return 'The connection was refused.';
    case 'ENOTFOUND':
      return 'The host name could not be found.';
    case 'ECONNRESET':
      return 'The connection was closed before an answer.';
    default:
      return error.message;
  }
}

import type { InjectOptions } from 'fastify';
import type { CallArguments, EndpointDefinition } from '~/shared/contract';
import type { Config } from '../config';
import { SESSION_COOKIE } from '../platform/auth-context';
import { type AccountOverrides, buildAccount, buildSession } from '../seed/factories';
import { callContract, callUnchecked, type UncheckedInput } from './contract-client';
import type { TestApp } from './test-app';

// An administrator is one only while ADMIN_EMAILS lists the address: a test administrator is listed as
// an operator would list them, in this app's configuration.
export function allowAdministrator(config: Pick<Config, 'adminEmails'>, email: string) {
  if (!config.adminEmails.includes(email)) config.adminEmails.push(email);
}

// A browser on this site: its state-changing requests say they come from the same origin.
export const sameOriginHeaders = { 'sec-fetch-site': 'same-origin' };

// A browser on this site, signed in when a session cookie is given, from a network of its own when a test
// must keep clear of the per-address limits the others use up: app.inject() from it, and the contracts
// called from it (contract-client.ts) — `call` typed and checked by the contract, `callUnchecked` for the
// input a test of refusals sends on purpose.
export function callerFrom(
  testApp: TestApp,
  { cookie, remoteAddress }: { cookie?: string; remoteAddress?: string } = {},
) {
  const headers = cookie === undefined ? sameOriginHeaders : { ...sameOriginHeaders, cookie };
  const request = (options: InjectOptions) =>
    testApp.app.inject({
      ...options,
      ...(remoteAddress && { remoteAddress }),
      headers: { ...headers, ...options.headers },
    });
  return {
    request,
    call: <E extends EndpointDefinition>(endpoint: E, ...callArguments: CallArguments<E>) =>
      callContract(request, endpoint, ...callArguments),
    callUnchecked: <E extends EndpointDefinition>(endpoint: E, input?: UncheckedInput) =>
      callUnchecked(request, endpoint, input),
  };
}

// An account and a session for it, as the API tests use them.
export async function signedInAccount(testApp: TestApp, overrides: AccountOverrides = {}) {
  const { user, password } = await buildAccount(testApp.database.db, overrides);
  if (user.role === 'admin') allowAdministrator(testApp.config, user.email);
  const { token, sessionId } = await buildSession(testApp.database.db, user.id);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { user, password, sessionId, cookie, ...callerFrom(testApp, { cookie }) };
}

// The session cookie a response set, ready to send back.
export function sessionCookieFrom(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  if (!cookie) throw new Error('The response set no session cookie.');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

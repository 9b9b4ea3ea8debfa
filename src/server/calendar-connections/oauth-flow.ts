import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { pathOf } from '~/shared/contract';
import {
  type CalendarOauthProvider,
  calendarOauthContract,
  calendarOauthTexts,
} from '~/shared/contracts/calendar-oauth';
import type { Config } from '../config';
import {
  type CalendarOAuthTokens,
  oauthEndpointsOf,
  oauthScopes,
  requestTokens,
} from '../kernels/calendars/calendar-oauth';
import { createGoogleCalendar, type GoogleCalendar } from '../kernels/calendars/google-calendar';
import { createMicrosoftCalendar, type MicrosoftCalendar } from '../kernels/calendars/microsoft-calendar';
import { AppError } from '../platform/errors';

// Connecting a Google or Microsoft calendar account (decision 059): the authorization code flow with PKCE, run
// by the server. Between the start and the provider's answer the browser carries a signed httpOnly cookie that
// binds the answer to this browser, this person and the request Tandem made (state, the PKCE verifier).

export interface CalendarOauthFlow {
  provider: CalendarOauthProvider;
  userId: string;
  state: string;
  codeVerifier: string;
  redirectTo: string;
}

const FLOW_COOKIE = 'tandem_calendar_oauth';
const FLOW_SECONDS = 10 * 60;
// Only the callbacks read it.
const FLOW_COOKIE_PATH = '/api/calendar-connections/oauth/';

export interface OAuthClientSettings {
  clientId: string;
  clientSecret: string;
  apiBase?: string;
}

// The provider's OAuth client, or null when this server has none for it (the provider is off).
export function oauthClientOf(config: Config, provider: CalendarOauthProvider): OAuthClientSettings | null {
  const [clientId, clientSecret] =
    provider === 'google'
      ? [config.GOOGLE_CALENDAR_CLIENT_ID, config.GOOGLE_CALENDAR_CLIENT_SECRET]
      : [config.MICROSOFT_CALENDAR_CLIENT_ID, config.MICROSOFT_CALENDAR_CLIENT_SECRET];
  if (!clientId || !clientSecret) return null;
  return { clientId, clientSecret, ...(config.CALENDAR_APIS_URL && { apiBase: config.CALENDAR_APIS_URL }) };
}

const callbackUrlOf = (publicUrl: string, provider: CalendarOauthProvider) =>
  `${publicUrl}${pathOf(calendarOauthContract.callback.path, { provider })}`;

export async function startCalendarOauth({
  provider,
  settings,
  publicUrl,
  userId,
  redirectTo,
}: {
  provider: CalendarOauthProvider;
  settings: OAuthClientSettings;
  publicUrl: string;
  userId: string;
  redirectTo: string;
}): Promise<{ url: string; flow: CalendarOauthFlow }> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = new URL(oauthEndpointsOf(provider, settings.apiBase).authorize);
  const parameters: Record<string, string> = {
    client_id: settings.clientId,
    redirect_uri: callbackUrlOf(publicUrl, provider),
    response_type: 'code',
    scope: oauthScopes[provider],
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(provider === 'google'
      ? // A refresh token, and asked again each time so a reconnect gets a new one.
        { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' }
      : { response_mode: 'query', prompt: 'select_account' }),
  };
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return { url: url.href, flow: { provider, userId, state, codeVerifier, redirectTo } };
}

export function setCalendarOauthFlow(reply: FastifyReply, config: Config, flow: CalendarOauthFlow) {
  reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
    signed: true,
    httpOnly: true,
    // The provider sends the browser back with a top-level GET: Lax carries it.
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: FLOW_COOKIE_PATH,
    maxAge: FLOW_SECONDS,
  });
}

// The flow this browser started for this person and provider with this state, once: the cookie is cleared.
export function takeCalendarOauthFlow(
  request: FastifyRequest,
  reply: FastifyReply,
  expected: { provider: CalendarOauthProvider; userId: string; state: string | undefined },
): CalendarOauthFlow {
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
  const raw = request.cookies[FLOW_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  let flow: CalendarOauthFlow | null = null;
  try {
    flow = unsigned?.valid && unsigned.value ? (JSON.parse(unsigned.value) as CalendarOauthFlow) : null;
  } catch {
    flow = null;
  }
  if (
    !flow ||
    !expected.state ||
    flow.state !== expected.state ||
    flow.provider !== expected.provider ||
    flow.userId !== expected.userId
  ) {
    throw new AppError('validation', calendarOauthTexts.flowMissing);
  }
  return flow;
}

export async function exchangeCalendarCode({
  provider,
  settings,
  publicUrl,
  code,
  codeVerifier,
  fetcher = fetch,
}: {
  provider: CalendarOauthProvider;
  settings: OAuthClientSettings;
  publicUrl: string;
  code: string;
  codeVerifier: string;
  fetcher?: typeof fetch;
}): Promise<CalendarOAuthTokens> {
  return requestTokens({
    fetcher,
    tokenUrl: oauthEndpointsOf(provider, settings.apiBase).token,
    previous: null,
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrlOf(publicUrl, provider),
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code_verifier: codeVerifier,
      ...(provider === 'microsoft' && { scope: oauthScopes.microsoft }),
    },
  });
}

export type OAuthCalendarAccount =
  | { provider: 'google'; calendar: GoogleCalendar }
  | { provider: 'microsoft'; calendar: MicrosoftCalendar };

// The account's API with these tokens; onTokens hears of each refresh (and of push channels kept).
export function openOAuthCalendarAccount({
  provider,
  settings,
  tokens,
  onTokens,
}: {
  provider: CalendarOauthProvider;
  settings: OAuthClientSettings;
  tokens: CalendarOAuthTokens;
  onTokens?: (tokens: CalendarOAuthTokens) => void | Promise<void>;
}): OAuthCalendarAccount {
  const options = { ...settings, tokens, onTokens };
  return provider === 'google'
    ? { provider, calendar: createGoogleCalendar(options) }
    : { provider, calendar: createMicrosoftCalendar(options) };
}

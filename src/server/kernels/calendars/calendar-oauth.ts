import { CalendarAccessRefused, CalendarUnreachable } from './calendar-provider';

// What Google Calendar and Microsoft 365 share (decision 059): OAuth 2.0 tokens kept sealed on the connection,
// refreshed with the refresh token when they run out, and the addresses of each provider's endpoints. Plain
// `fetch` against the documented REST APIs: the vendors' SDKs (googleapis, @microsoft/microsoft-graph-client
// with @azure/msal-node) would load tens of megabytes for the dozen calls used here.

export type OAuthCalendarProvider = 'google' | 'microsoft';

// A push channel (Google events.watch) or subscription (Microsoft Graph) on one calendar: kept with the tokens
// so the sealed JSON is the only place it lives (no column of its own), renewed before `expiresAt`.
export interface CalendarPushChannel {
  calendarId: string;
  // Google's channel id or Graph's subscription id.
  id: string;
  // Google's resourceId (what channels.stop needs); null for Graph.
  resourceId: string | null;
  expiresAt: string;
}

// What `credentialsSealed` holds for an API connection, as JSON.
export interface CalendarOAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  // ISO instant the access token stops working.
  expiresAt: string;
  pushChannels?: CalendarPushChannel[];
}

export interface OAuthEndpoints {
  authorize: string;
  token: string;
  // The calendar API's root: Google's calendar/v3 or Graph's v1.0.
  api: string;
  // Where the account's address is read (Google's userinfo; Graph's /me).
  userInfo: string;
}

// CALENDAR_APIS_URL (tests only): one server standing in for both providers, each under its own prefix.
export function oauthEndpointsOf(provider: OAuthCalendarProvider, apisUrl?: string): OAuthEndpoints {
  const base = apisUrl?.replace(/\/+$/, '');
  if (provider === 'google') {
    return base
      ? {
          authorize: `${base}/google/auth`,
          token: `${base}/google/token`,
          api: `${base}/google/calendar/v3`,
          userInfo: `${base}/google/userinfo`,
        }
      : {
          authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
          token: 'https://oauth2.googleapis.com/token',
          api: 'https://www.googleapis.com/calendar/v3',
          userInfo: 'https://openidconnect.googleapis.com/v1/userinfo',
        };
  }
  return base
    ? {
        authorize: `${base}/microsoft/authorize`,
        token: `${base}/microsoft/token`,
        api: `${base}/microsoft/v1.0`,
        userInfo: `${base}/microsoft/v1.0/me`,
      }
    : {
        authorize: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
        token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
        api: 'https://graph.microsoft.com/v1.0',
        userInfo: 'https://graph.microsoft.com/v1.0/me',
      };
}

// What each provider is asked for. Google: events read and written in every calendar, the calendar list read,
// and the address (openid email). Microsoft: calendars read and written, the profile's address, and
// offline_access for a refresh token.
export const oauthScopes: Record<OAuthCalendarProvider, string> = {
  google:
    'openid email https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.readonly',
  microsoft: 'offline_access Calendars.ReadWrite User.Read',
};

// A slow provider never holds a refresh (nor a person's page) for long.
export const CALENDAR_API_TIMEOUT_MS = 15_000;
// An access token this close to its end is refreshed first, rather than failing mid-read.
const EXPIRY_MARGIN_MS = 60_000;

export type FetchFunction = typeof fetch;

export interface OAuthClientOptions {
  tokens: CalendarOAuthTokens;
  clientId: string;
  clientSecret: string;
  // Called with the tokens after a refresh, so the connection's sealed copy is replaced.
  onTokens?: (tokens: CalendarOAuthTokens) => void | Promise<void>;
  fetch?: FetchFunction;
  // CALENDAR_APIS_URL: the tests' fake of both providers.
  apiBase?: string;
}

// fetch with a deadline; no answer at all is the provider being unreachable.
export async function fetchWithDeadline(fetcher: FetchFunction, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetcher(url, { ...init, signal: AbortSignal.timeout(CALENDAR_API_TIMEOUT_MS) });
  } catch (error) {
    throw new CalendarUnreachable(`The calendar service did not answer: ${(error as Error).message}`);
  }
}

async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text().catch(() => '');
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function tokensFromAnswer(
  answer: Record<string, unknown>,
  previous: CalendarOAuthTokens | null,
  now = Date.now(),
): CalendarOAuthTokens {
  const accessToken = typeof answer.access_token === 'string' ? answer.access_token : '';
  if (!accessToken) throw new CalendarUnreachable('The token endpoint answered without an access token.');
  const lifetimeSeconds = Number(answer.expires_in);
  return {
    ...previous,
    accessToken,
    // Google sends a refresh token only on consent; a refresh keeps the one it had.
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : (previous?.refreshToken ?? null),
    expiresAt: new Date(now + (Number.isFinite(lifetimeSeconds) ? lifetimeSeconds : 3600) * 1000).toISOString(),
  };
}

// One form POST to a provider's token endpoint: the code's exchange or a refresh. A refused grant (revoked,
// expired, a changed password) means the person must connect again.
export async function requestTokens({
  fetcher,
  tokenUrl,
  form,
  previous,
}: {
  fetcher: FetchFunction;
  tokenUrl: string;
  form: Record<string, string>;
  previous: CalendarOAuthTokens | null;
}): Promise<CalendarOAuthTokens> {
  const response = await fetchWithDeadline(fetcher, tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  const answer = await bodyOf(response);
  if (response.ok) return tokensFromAnswer(answer, previous);
  if (response.status === 429 || response.status >= 500) {
    throw new CalendarUnreachable(`The token endpoint answered ${response.status}.`);
  }
  throw new CalendarAccessRefused(
    `The calendar account refused Tandem's access (${typeof answer.error === 'string' ? answer.error : response.status}).`,
  );
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

// Calls an API with the account's access token: refreshed first when it is about to end, and once more when
// the API answers 401 anyway; a second 401 is the grant gone. Statuses the caller handles (`accept`) come back;
// 429 and 5xx are the provider being unreachable, other refusals an error in words.
export function createOAuthClient(
  options: OAuthClientOptions,
  { tokenUrl, refreshScope }: { tokenUrl: string; refreshScope?: string },
) {
  const fetcher = options.fetch ?? fetch;
  let tokens = options.tokens;

  async function refresh() {
    if (!tokens.refreshToken) throw new CalendarAccessRefused('The calendar account gave Tandem no refresh token.');
    tokens = await requestTokens({
      fetcher,
      tokenUrl,
      previous: tokens,
      form: {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
        client_id: options.clientId,
        client_secret: options.clientSecret,
        ...(refreshScope && { scope: refreshScope }),
      },
    });
    await options.onTokens?.(tokens);
  }

  async function call(
    url: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    accept: number[] = [],
  ): Promise<ApiAnswer> {
    if (Date.parse(tokens.expiresAt) - Date.now() < EXPIRY_MARGIN_MS) await refresh();
    const send = () =>
      fetchWithDeadline(fetcher, url, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${tokens.accessToken}`,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      });
    let response = await send();
    if (response.status === 401) {
      await response.body?.cancel();
      await refresh();
      response = await send();
      if (response.status === 401) throw new CalendarAccessRefused('The calendar account refused Tandem’s access.');
    }
    const body = await bodyOf(response);
    if (response.ok || accept.includes(response.status)) return { status: response.status, body };
    if (response.status === 429 || response.status >= 500 || isRateLimited(body)) {
      throw new CalendarUnreachable(`The calendar service answered ${response.status}; it is tried again later.`);
    }
    throw new CalendarUnreachable(`The calendar service refused the request (${response.status}: ${messageOf(body)}).`);
  }

  return {
    call,
    currentTokens: () => tokens,
    // Replaces what is kept (push channels added or renewed) and has it sealed again.
    async saveTokens(next: CalendarOAuthTokens) {
      tokens = next;
      await options.onTokens?.(tokens);
    },
  };
}

export type OAuthClient = ReturnType<typeof createOAuthClient>;

// Google answers its per-user rate limits with 403 and a reason.
function isRateLimited(body: Record<string, unknown>): boolean {
  const error = body.error as { errors?: Array<{ reason?: string }> } | undefined;
  return (error?.errors ?? []).some((entry) => /rateLimitExceeded|quotaExceeded/.test(entry.reason ?? ''));
}

function messageOf(body: Record<string, unknown>): string {
  const error = body.error as { message?: unknown } | string | undefined;
  if (typeof error === 'string') return error;
  return typeof error?.message === 'string' ? error.message : 'no reason given';
}

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Google's and Microsoft's sign-in and calendar APIs on loopback, as kernels/calendars/calendar-oauth.ts lays
// them out under CALENDAR_APIS_URL (/google/…, /microsoft/…), answering the documented endpoints and shapes
// Tandem uses: the token endpoints (authorization code, refresh), Google's userinfo, calendarList, events
// (list with singleEvents and sync tokens, import, patch, delete, watch) and channels.stop; Graph's /me,
// /me/calendars, calendarView/delta, events (create with transactionId, patch, delete) and subscriptions.
// Every request is recorded. Tests put events and calendars in, and mark tokens refused or expired.

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

// An event as the fake keeps it: Google's or Graph's JSON, stored per calendar.
export type FakeEvent = Record<string, unknown> & { id: string };

interface FakeAccount {
  email: string;
  calendars: Array<Record<string, unknown> & { id: string }>;
  events: Map<string, FakeEvent[]>;
  // Events changed (or removed) since each sync token / delta link: the number of the change they came at.
  changes: Array<{ calendarId: string; event: FakeEvent; removed: boolean }>;
}

export interface FakeCalendarApis {
  // What CALENDAR_APIS_URL would be.
  url: string;
  requests: FakeRequest[];
  google: FakeAccount;
  microsoft: FakeAccount;
  // The access tokens each provider takes; a refresh adds one.
  validAccessTokens: Set<string>;
  // Refresh tokens the token endpoints refuse (invalid_grant): a revoked grant.
  revokedRefreshTokens: Set<string>;
  // Sync tokens / delta links the APIs answer 410 to, as after their expiry.
  expiredSyncTokens: Set<string>;
  // The next answer of a path (method and path), once: a 500, 429 or any status.
  failNext(method: string, path: string, status: number): void;
  // Codes the token endpoints exchange, each for these tokens.
  issueCode(provider: 'google' | 'microsoft', options?: { refreshToken?: string }): string;
  // An event put into a calendar (or replaced), recorded as a change for incremental reads.
  putEvent(provider: 'google' | 'microsoft', calendarId: string, event: FakeEvent): void;
  removeEvent(provider: 'google' | 'microsoft', calendarId: string, id: string): void;
  requestsTo(method: string, pathPattern: RegExp): FakeRequest[];
  close(): Promise<void>;
}

const MAX_BODY = 256 * 1024;

const json = (response: http.ServerResponse, status: number, body?: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? '' : JSON.stringify(body));
};

async function readBody(request: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > MAX_BODY) break;
  }
  return text;
}

const parseJson = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

function newAccount(email: string, calendars: FakeAccount['calendars']): FakeAccount {
  return { email, calendars, events: new Map(calendars.map((calendar) => [calendar.id, []])), changes: [] };
}

// Whether a Google/Graph event touches a window (its start before the end, its end after the start).
function touches(start: unknown, end: unknown, from: string | null, to: string | null): boolean {
  const startsAt = Date.parse(String(start));
  const endsAt = Date.parse(String(end));
  return (!to || startsAt < Date.parse(to)) && (!from || endsAt > Date.parse(from));
}

export async function startFakeCalendarApis(): Promise<FakeCalendarApis> {
  const requests: FakeRequest[] = [];
  const validAccessTokens = new Set<string>();
  const revokedRefreshTokens = new Set<string>();
  const expiredSyncTokens = new Set<string>();
  const failures = new Map<string, number>();
  const codes = new Map<string, { provider: string; refreshToken: string }>();
  const google = newAccount('person@gmail.example', [
    { id: 'person@gmail.example', summary: 'Person', accessRole: 'owner', primary: true },
    { id: 'team@group.calendar.google.com', summary: 'Team', accessRole: 'writer' },
    { id: 'en.usa#holiday@group.v.calendar.google.com', summary: 'Holidays', accessRole: 'reader' },
  ]);
  const microsoft = newAccount('person@outlook.example', [
    { id: 'AAMkCal1', name: 'Calendar', canEdit: true, isDefaultCalendar: true },
    { id: 'AAMkCal2', name: 'Birthdays', canEdit: false, isDefaultCalendar: false },
  ]);
  let url = '';

  const accountOf = (provider: 'google' | 'microsoft') => (provider === 'google' ? google : microsoft);

  function putEvent(provider: 'google' | 'microsoft', calendarId: string, event: FakeEvent) {
    const account = accountOf(provider);
    const list = account.events.get(calendarId) ?? [];
    const stored = { ...event, etag: `"${randomUUID()}"`, '@odata.etag': `W/"${randomUUID()}"` };
    const index = list.findIndex((candidate) => candidate.id === event.id);
    if (index >= 0) list[index] = stored;
    else list.push(stored);
    account.events.set(calendarId, list);
    account.changes.push({ calendarId, event: stored, removed: false });
    return stored;
  }

  function removeEvent(provider: 'google' | 'microsoft', calendarId: string, id: string): boolean {
    const account = accountOf(provider);
    const list = account.events.get(calendarId) ?? [];
    const found = list.find((event) => event.id === id);
    if (!found) return false;
    account.events.set(
      calendarId,
      list.filter((event) => event.id !== id),
    );
    account.changes.push({ calendarId, event: found, removed: true });
    return true;
  }

  function tokenAnswer(provider: string, form: URLSearchParams, response: http.ServerResponse) {
    const grant = form.get('grant_type');
    let refreshToken: string | null = null;
    if (grant === 'authorization_code') {
      const issued = codes.get(form.get('code') ?? '');
      if (!issued || issued.provider !== provider || !form.get('code_verifier')) {
        return json(response, 400, { error: 'invalid_grant' });
      }
      codes.delete(form.get('code') ?? '');
      refreshToken = issued.refreshToken;
    } else if (grant === 'refresh_token') {
      const given = form.get('refresh_token') ?? '';
      if (!given || revokedRefreshTokens.has(given)) return json(response, 400, { error: 'invalid_grant' });
      // Google keeps the refresh token; Microsoft gives a new one with each refresh.
      refreshToken = provider === 'microsoft' ? `${given}+` : null;
    } else {
      return json(response, 400, { error: 'unsupported_grant_type' });
    }
    if (!form.get('client_id') || !form.get('client_secret')) return json(response, 401, { error: 'invalid_client' });
    const accessToken = `access-${randomUUID()}`;
    validAccessTokens.add(accessToken);
    return json(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3599,
      ...(refreshToken && { refresh_token: refreshToken }),
    });
  }

  function googleEvents(calendarId: string, query: URLSearchParams, response: http.ServerResponse) {
    const syncToken = query.get('syncToken');
    if (syncToken && expiredSyncTokens.has(syncToken)) {
      return json(response, 410, {
        error: { code: 410, message: 'Sync token is no longer valid, a full sync is required.' },
      });
    }
    let items: FakeEvent[];
    if (syncToken) {
      const since = Number(syncToken.replace('google-sync-', ''));
      const latest = new Map<string, FakeEvent>();
      for (const change of google.changes.slice(since)) {
        if (change.calendarId !== calendarId) continue;
        latest.set(change.event.id, change.removed ? { ...change.event, status: 'cancelled' } : change.event);
      }
      items = [...latest.values()];
    } else {
      items = (google.events.get(calendarId) ?? []).filter(
        (event) =>
          event.status !== 'cancelled' &&
          touches(
            (event.start as { dateTime?: string; date?: string })?.dateTime ?? (event.start as { date?: string })?.date,
            (event.end as { dateTime?: string; date?: string })?.dateTime ?? (event.end as { date?: string })?.date,
            query.get('timeMin'),
            query.get('timeMax'),
          ),
      );
    }
    // Two items a page, so reads follow nextPageToken.
    const offset = Number(query.get('pageToken') ?? 0);
    const page = items.slice(offset, offset + 2);
    const more = offset + 2 < items.length;
    return json(response, 200, {
      kind: 'calendar#events',
      timeZone: 'Europe/Berlin',
      items: page,
      ...(more ? { nextPageToken: String(offset + 2) } : { nextSyncToken: `google-sync-${google.changes.length}` }),
    });
  }

  function graphDelta(calendarId: string | null, request: FakeRequest, response: http.ServerResponse) {
    const { query } = request;
    const token = query.get('$deltatoken');
    if (token && expiredSyncTokens.has(token)) {
      return json(response, 410, { error: { code: 'SyncStateNotFound', message: 'The sync state is gone.' } });
    }
    let items: FakeEvent[];
    let calendar = calendarId;
    if (token) {
      const [id = '', since = '0'] = token.split('~');
      calendar = id;
      const latest = new Map<string, FakeEvent>();
      for (const change of microsoft.changes.slice(Number(since))) {
        if (change.calendarId !== calendar) continue;
        latest.set(
          change.event.id,
          change.removed ? { id: change.event.id, '@removed': { reason: 'deleted' } } : change.event,
        );
      }
      items = [...latest.values()];
    } else {
      items = (microsoft.events.get(calendar ?? '') ?? []).filter((event) =>
        touches(
          `${(event.start as { dateTime: string }).dateTime}Z`,
          `${(event.end as { dateTime: string }).dateTime}Z`,
          query.get('startDateTime'),
          query.get('endDateTime'),
        ),
      );
    }
    const skip = Number(query.get('$skiptoken') ?? 0);
    const page = items.slice(skip, skip + 2);
    const base = `${url}/microsoft/v1.0/me/calendars/${encodeURIComponent(calendar ?? '')}/calendarView/delta`;
    const next = new URLSearchParams(query);
    next.set('$skiptoken', String(skip + 2));
    return json(response, 200, {
      value: page,
      ...(skip + 2 < items.length
        ? { '@odata.nextLink': `${base}?${next}` }
        : {
            '@odata.deltaLink': `${base}?$deltatoken=${encodeURIComponent(`${calendar}~${microsoft.changes.length}`)}`,
          }),
    });
  }

  async function route(request: FakeRequest, response: http.ServerResponse) {
    const { method, path, query } = request;
    const failure = failures.get(`${method} ${path}`);
    if (failure) {
      failures.delete(`${method} ${path}`);
      return json(response, failure, { error: { code: failure, message: 'The fake was told to fail.' } });
    }
    if (method === 'POST' && (path === '/google/token' || path === '/microsoft/token')) {
      return tokenAnswer(path.split('/')[1] ?? '', new URLSearchParams(request.body), response);
    }
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!validAccessTokens.has(bearer)) {
      return json(response, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    }
    const body = parseJson(request.body);

    if (path.startsWith('/google/')) {
      if (method === 'GET' && path === '/google/userinfo')
        return json(response, 200, { sub: '1', email: google.email });
      if (method === 'GET' && path === '/google/calendar/v3/users/me/calendarList') {
        return json(response, 200, { items: google.calendars });
      }
      if (method === 'POST' && path === '/google/calendar/v3/channels/stop') return json(response, 204);
      const match = /^\/google\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
      if (match) {
        const calendarId = decodeURIComponent(match[1] ?? '');
        const tail = match[2] ? decodeURIComponent(match[2]) : null;
        if (!google.events.has(calendarId)) return json(response, 404, { error: { code: 404, message: 'Not Found' } });
        if (method === 'GET' && !tail) return googleEvents(calendarId, query, response);
        if (method === 'POST' && tail === 'import') {
          const existing = (google.events.get(calendarId) ?? []).find((event) => event.iCalUID === body.iCalUID);
          return json(
            response,
            200,
            putEvent('google', calendarId, { ...body, id: existing?.id ?? `g${randomUUID().slice(0, 8)}` }),
          );
        }
        if (method === 'POST' && tail === 'watch') {
          return json(response, 200, {
            kind: 'api#channel',
            id: body.id,
            resourceId: `resource-${calendarId}`,
            resourceUri: `${url}${path}`,
            token: body.token,
            expiration: String(Date.now() + 7 * 24 * 3600 * 1000),
          });
        }
        const existing = (google.events.get(calendarId) ?? []).find((event) => event.id === tail);
        if (method === 'PATCH' && tail) {
          if (!existing) return json(response, 404, { error: { code: 404, message: 'Not Found' } });
          return json(response, 200, putEvent('google', calendarId, { ...existing, ...body, id: existing.id }));
        }
        if (method === 'DELETE' && tail) {
          return removeEvent('google', calendarId, tail)
            ? json(response, 204)
            : json(response, 410, { error: { code: 410, message: 'Resource has been deleted' } });
        }
      }
    }

    if (path.startsWith('/microsoft/v1.0/')) {
      const rest = path.slice('/microsoft/v1.0'.length);
      if (method === 'GET' && rest === '/me') {
        return json(response, 200, { id: 'me', mail: null, userPrincipalName: microsoft.email });
      }
      if (method === 'GET' && rest === '/me/calendars') return json(response, 200, { value: microsoft.calendars });
      const delta = /^\/me\/calendars\/([^/]+)\/calendarView\/delta$/.exec(rest);
      if (method === 'GET' && delta) return graphDelta(decodeURIComponent(delta[1] ?? ''), request, response);
      const create = /^\/me\/calendars\/([^/]+)\/events$/.exec(rest);
      if (method === 'POST' && create) {
        const calendarId = decodeURIComponent(create[1] ?? '');
        const existing = [...microsoft.events.values()]
          .flat()
          .find((event) => body.transactionId && event.transactionId === body.transactionId);
        if (existing) return json(response, 201, existing);
        return json(
          response,
          201,
          putEvent('microsoft', calendarId, {
            ...body,
            id: `m${randomUUID().slice(0, 8)}`,
            iCalUId: `ms-${randomUUID()}`,
          }),
        );
      }
      const one = /^\/me\/events\/([^/]+)$/.exec(rest);
      if (one) {
        const id = decodeURIComponent(one[1] ?? '');
        const calendarId = [...microsoft.events.entries()].find(([, events]) =>
          events.some((event) => event.id === id),
        )?.[0];
        if (!calendarId) return json(response, 404, { error: { code: 'ErrorItemNotFound', message: 'Not found' } });
        if (method === 'DELETE') {
          removeEvent('microsoft', calendarId, id);
          return json(response, 204);
        }
        if (method === 'PATCH') {
          const existing = microsoft.events.get(calendarId)?.find((event) => event.id === id);
          return json(response, 200, putEvent('microsoft', calendarId, { ...existing, ...body, id }));
        }
      }
      if (method === 'POST' && rest === '/subscriptions') {
        return json(response, 201, { id: `sub-${randomUUID()}`, ...body });
      }
      const subscription = /^\/subscriptions\/([^/]+)$/.exec(rest);
      if (subscription && method === 'PATCH') return json(response, 200, { id: subscription[1], ...body });
      if (subscription && method === 'DELETE') return json(response, 204);
    }
    return json(response, 404, { error: { code: 404, message: `The fake does not know ${method} ${path}.` } });
  }

  const server = http.createServer(async (incoming, response) => {
    const address = new URL(incoming.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: incoming.method ?? 'GET',
      path: address.pathname,
      query: address.searchParams,
      headers: incoming.headers,
      body: await readBody(incoming),
    };
    requests.push(request);
    await route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    google,
    microsoft,
    validAccessTokens,
    revokedRefreshTokens,
    expiredSyncTokens,
    failNext: (method, path, status) => failures.set(`${method} ${path}`, status),
    issueCode(provider, { refreshToken = `refresh-${randomUUID()}` } = {}) {
      const code = `code-${randomUUID()}`;
      codes.set(code, { provider, refreshToken });
      return code;
    },
    putEvent: (provider, calendarId, event) => void putEvent(provider, calendarId, event),
    removeEvent: (provider, calendarId, id) => void removeEvent(provider, calendarId, id),
    requestsTo: (method, pathPattern) =>
      requests.filter((request) => request.method === method && pathPattern.test(request.path)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

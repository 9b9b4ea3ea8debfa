import type { BodyOf, EndpointDefinition, PathParams, ResponseOf } from '~/shared/contract';
import type { ApiErrorBody, ErrorCode } from '~/shared/errors';

// An in-memory stand-in for the API in component tests: each test says which calls the page may make and
// what they answer. The real API has its own tests on a real database; these test the screens.

interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  // As sent, names in lower case.
  headers: Record<string, string>;
  body: unknown;
}

// A handler answers with a body (status 200), with reply(status, body), or throws.
type FakeHandler = (request: FakeRequest) => unknown;

const replyMarker = Symbol('reply');
interface Reply<Body = unknown> {
  [replyMarker]: true;
  status: number;
  body: Body;
}

export function reply<Body = undefined>(status: number, body?: Body): Reply<Body> {
  return { [replyMarker]: true, status, body: body as Body };
}

// The API's error shape (docs/design.md §6).
export function replyError(
  status: number,
  code: ErrorCode,
  error: string,
  fields?: Record<string, string>,
): Reply<ApiErrorBody> {
  const body: ApiErrorBody = fields ? { error, code, fields } : { error, code };
  return reply(status, body);
}

// A handler of a contract's endpoint (server.on): what the client sent, typed as the contract says it
// sends it, and an answer that must be one the contract allows (a wrong shape fails the typecheck) or the
// error shape. A plain answer goes with the endpoint's first success status.
interface ContractFakeRequest<E extends EndpointDefinition> extends FakeRequest {
  params: PathParams<E>;
  body: BodyOf<E>;
}
type ContractAnswer<E extends EndpointDefinition> = ResponseOf<E> | Reply<ResponseOf<E>> | Reply<ApiErrorBody>;
export type ContractFakeHandler<E extends EndpointDefinition> = (
  request: ContractFakeRequest<E>,
) => ContractAnswer<E> | Promise<ContractAnswer<E>>;

const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && replyMarker in value;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: FakeHandler;
  // What a plain answer goes with: 200, or a contract's first success status (201 for a create).
  status: number;
}

const firstSuccessStatus = (endpoint: EndpointDefinition) => Number(Object.keys(endpoint.responses)[0] ?? 200);

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

export interface FakeServer {
  // An answer for an endpoint of a contract (src/shared/contracts), typed by it.
  on: <E extends EndpointDefinition>(endpoint: E, handler: ContractFakeHandler<E>) => FakeServer;
  // An answer used only when no other route matches (the helpers' defaults).
  fallback: <E extends EndpointDefinition>(endpoint: E, handler: ContractFakeHandler<E>) => FakeServer;
  // Every call the page made, in order.
  requests: FakeRequest[];
  fetch: typeof fetch;
}

export function createFakeServer(): FakeServer {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];

  const fallbacks: Route[] = [];
  // The contract typed the handler; the fake serves it as any other.
  const contractRoute = <E extends EndpointDefinition>(endpoint: E, handler: ContractFakeHandler<E>): Route => ({
    method: endpoint.method,
    ...compile(endpoint.path),
    handler: handler as unknown as FakeHandler,
    status: firstSuccessStatus(endpoint),
  });

  async function handle(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    // JSON as its value; a file upload (a Blob) as it is.
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    for (const route of [...routes, ...fallbacks]) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      );
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const request: FakeRequest = { method, path: url.pathname, params, query: url.searchParams, headers, body };
      requests.push(request);
      const answer = await route.handler(request);
      const { status, body: payload } = isReply(answer) ? answer : { status: route.status, body: answer };
      if (payload === undefined) return new Response(null, { status });
      // A file answer goes as its bytes, with its type.
      if (payload instanceof Blob) return new Response(payload, { status, headers: { 'content-type': payload.type } });
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    }
    // A call the test did not expect is a finding: the console error fails the test (docs/style.md 19).
    console.error(`The fake server has no answer for ${method} ${url.pathname}${url.search}`);
    return new Response(JSON.stringify({ error: 'Not faked.', code: 'not_found' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  }

  const server: FakeServer = {
    // A later answer for the same call replaces an earlier one (a test overriding a default).
    on: (endpoint, handler) => {
      routes.unshift(contractRoute(endpoint, handler));
      return server;
    },
    fallback: (endpoint, handler) => {
      fallbacks.push(contractRoute(endpoint, handler));
      return server;
    },
    requests,
    fetch: handle as typeof fetch,
  };
  return server;
}

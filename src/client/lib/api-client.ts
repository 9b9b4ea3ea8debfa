import { type CallArguments, type EndpointDefinition, pathOf, queryStringOf, type ResponseOf } from '~/shared/contract';
import type { ApiErrorBody } from '~/shared/errors';

// The one HTTP client of the browser (docs/style.md 10): every call names its endpoint's contract
// (src/shared/contracts), JSON in and out, the session cookie, and the server's error shape turned into an
// ApiError whose message is safe to show (the server's `error`, else `HTTP <status>`).

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  // The server's X-Request-Id of the answer: the reference an error screen shows, which finds the
  // request in the server's log.
  readonly requestId: string | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> | undefined, requestId?: string) {
    super(body?.error || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.fields = body?.fields ?? {};
    this.requestId = requestId;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

// The record a page asked for is not there: it does not exist (404), or the link's id cannot name one
// (400 naming the `id` field). Either way the person sees the page's "does not exist" screen.
export const isNotFoundError = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || (error.status === 400 && 'id' in error.fields));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (!response.headers.get('content-type')?.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is Partial<ApiErrorBody> {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'string';
}

const apiErrorOf = (response: Response, payload: unknown) =>
  new ApiError(
    response.status,
    isErrorBody(payload) ? payload : undefined,
    response.headers.get('x-request-id') ?? undefined,
  );

interface RequestOptions {
  // Headers a call needs beside the usual ones (an answer file's X-File-Name).
  headers?: Record<string, string>;
  // Sent even while the page unloads (a test's integrity record on pagehide).
  keepalive?: boolean;
}

// A Blob or File (an image upload) goes as the raw body with its own type; anything else as JSON.
async function request<Result>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Result> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const isFile = body instanceof Blob;
  if (body !== undefined)
    headers['Content-Type'] = isFile ? body.type || 'application/octet-stream' : 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : isFile ? body : JSON.stringify(body),
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  const payload = await readJson(response);
  if (!response.ok) throw apiErrorOf(response, payload);
  return payload as Result;
}

interface ContractInput {
  params?: Record<string, string>;
  query?: object;
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

// Calls an endpoint of a contract (src/shared/contracts): its path filled in from `params`, `query` and
// `body` as it declares them, the answer typed by its responses. The server writes every answer through
// the same schemas (its serializer emits only declared fields), so the type is the contract's word, not a
// guess made here.
export function callApi<E extends EndpointDefinition>(
  endpoint: E,
  ...callArguments: [...CallArguments<E>, RequestOptions?]
): Promise<ResponseOf<E>> {
  // The tuple is generic in E; its two places are these.
  const [input, options] = callArguments as unknown as [ContractInput | undefined, RequestOptions | undefined];
  const headers = { ...definedHeaders(input?.headers), ...options?.headers };
  return request<ResponseOf<E>>(endpoint.method, addressOf(endpoint, input), input?.body, { ...options, headers });
}

const definedHeaders = (headers: ContractInput['headers'] = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));

function addressOf(endpoint: EndpointDefinition, input: ContractInput | undefined): string {
  const { params, query } = input ?? {};
  return pathOf(endpoint.path, params) + (query ? queryStringOf(query) : '');
}

// The address of an endpoint the browser fetches by itself: an <img>'s photo, a calendar subscription.
export const apiUrl = <E extends EndpointDefinition>(endpoint: E, ...callArguments: CallArguments<E>): string =>
  addressOf(endpoint, callArguments[0] as ContractInput | undefined);

// Fetches a file an endpoint answers with (CSV, PDF, an upload) and saves it under the name the server
// gives it, else `fallbackName`. Fetched rather than navigated to, so a refusal (an expired session, a
// bad filter) becomes a message on the page instead of an error page saved to disk.
export async function downloadApi<E extends EndpointDefinition>(
  endpoint: E,
  fallbackName: string,
  ...callArguments: CallArguments<E>
): Promise<void> {
  const response = await fetch(addressOf(endpoint, callArguments[0] as ContractInput | undefined), {
    method: endpoint.method,
    credentials: 'same-origin',
  });
  if (!response.ok) throw apiErrorOf(response, await readJson(response));
  saveBlob(await response.blob(), fileNameFrom(response.headers.get('content-disposition'), fallbackName));
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

function saveBlob(blob: Blob, fileName: string) {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

// The text to show for any failure: the server's sentence, or `fallback` when the request never got an
// answer (offline, blocked).
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

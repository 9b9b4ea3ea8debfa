import type { z } from 'zod';

// One contract per endpoint (decision 019): method, path and schemas declared once, in
// `src/shared/contracts/<feature>.ts`. The server registers the route from it (platform/contract-routes.ts),
// the OpenAPI document follows from the route schemas, the client calls it (lib/api-client.ts `callApi`)
// and the component tests' fake server answers it (testing/fake-server.ts `server.on`), all typed by it.
// Who may call an endpoint, rate limits and body limits are the server's business: they stay at
// registration, out of the browser's bundle.

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// The answers on success. The error answers (docs/design.md §6) are the same for every endpoint, so the
// server adds them; a contract names only what a caller can rely on.
type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303;

// A file as the body or the answer, not JSON: its bytes under one of these media types. An upload goes as
// the raw body (its name, where it has one, in X-File-Name); a download comes as an attachment.
export interface FileKind {
  readonly kind: 'file';
  readonly mediaTypes: readonly string[];
}
export const fileOf = (...mediaTypes: string[]): FileKind => ({ kind: 'file', mediaTypes });
export const isFileKind = (value: unknown): value is FileKind =>
  typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'file';

// A redirect as the answer: no body, the Location header says where the browser goes next.
export interface RedirectKind {
  readonly kind: 'redirect';
}
export const redirect: RedirectKind = { kind: 'redirect' };
export const isRedirectKind = (value: unknown): value is RedirectKind =>
  typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'redirect';

export interface EndpointDefinition {
  method: HttpMethod;
  path: `/api/${string}`;
  // The line the OpenAPI document shows.
  summary: string;
  // Every `:name` in the path, validated by the server (a malformed id is a 400, decision 008).
  params?: z.ZodObject;
  query?: z.ZodType;
  // Request headers the endpoint reads (an Idempotency-Key), names in lower case.
  headers?: z.ZodObject;
  body?: z.ZodType | FileKind;
  // 204 answers with no body: declare it as `noContent` (contract-schemas.ts).
  responses: Partial<Record<SuccessStatus, z.ZodType | FileKind | RedirectKind>>;
  // A failure whose body a caller relies on, beyond the common error answers (`/api/ready`'s 503).
  failures?: Partial<Record<number, z.ZodType>>;
}

export interface Endpoint extends EndpointDefinition {
  // "<feature>.<key>": unique across the API, stable while the key is (an operationId).
  name: string;
  tags: readonly string[];
}

type Named<Feature extends string, Endpoints extends Record<string, EndpointDefinition>> = {
  readonly [Key in keyof Endpoints & string]: Endpoints[Key] & { name: `${Feature}.${Key}`; tags: readonly string[] };
};

// A feature's endpoints, keyed by what they do: `apiTokensContract.revoke`.
export function defineContract<
  const Feature extends string,
  const Endpoints extends Record<string, EndpointDefinition>,
>(feature: { name: Feature; tags: readonly string[] }, endpoints: Endpoints): Named<Feature, Endpoints> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([key, endpoint]) => [
      key,
      { ...endpoint, name: `${feature.name}.${key}`, tags: feature.tags },
    ]),
  ) as Named<Feature, Endpoints>;
}

// `:id` and `:attemptId` in '/api/tests/:id/attempts/:attemptId'; `:token` in '/api/calendar/:token.ics'.
type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? ParamName<Name> | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? ParamName<Name>
    : never;
// A name ends where a letter or underscore stops, as in pathOf: a suffix such as `.ics` is not part of it.
type ParamName<Segment extends string> = Segment extends `${infer Name}.${string}` ? Name : Segment;

export type PathParams<E extends EndpointDefinition> = Record<PathParamNames<E['path']>, string>;

// What a successful call answers: any of its success bodies, nothing for a 204 or a redirect, a Blob for a file.
export type ResponseOf<E extends EndpointDefinition> = {
  [Status in keyof E['responses']]: Status extends 204
    ? undefined
    : E['responses'][Status] extends RedirectKind
      ? undefined
      : E['responses'][Status] extends z.ZodType
        ? z.output<E['responses'][Status]>
        : E['responses'][Status] extends FileKind
          ? Blob
          : never;
}[keyof E['responses']];

// The body a caller sends: the schema's input (defaults may be left out), or the file itself.
export type BodyOf<E extends EndpointDefinition> = E extends { body: infer Body extends z.ZodType }
  ? z.input<Body>
  : E extends { body: FileKind }
    ? Blob
    : undefined;
// A query is text on the wire, so its schemas coerce (input `unknown`): a caller passes the parsed type.
export type QueryOf<E extends EndpointDefinition> = E extends { query: infer Query extends z.ZodType }
  ? CoercedInput<z.input<Query>, z.output<Query>>
  : undefined;
type CoercedInput<Input, Output> = {
  [Key in keyof Input]: unknown extends Input[Key]
    ? Key extends keyof Output
      ? Output[Key] | undefined
      : Input[Key]
    : Input[Key];
};

// What a call needs, each part required only when the endpoint has one (and it is not all optional).
type CallInput<E extends EndpointDefinition> = ([PathParamNames<E['path']>] extends [never]
  ? unknown
  : { params: PathParams<E> }) &
  (E extends { query: z.ZodType }
    ? Record<string, never> extends QueryOf<E>
      ? { query?: QueryOf<E> }
      : { query: QueryOf<E> }
    : unknown) &
  (E extends { body: z.ZodType | FileKind }
    ? undefined extends BodyOf<E>
      ? { body?: BodyOf<E> }
      : { body: BodyOf<E> }
    : unknown) &
  (E extends { headers: infer Headers extends z.ZodObject } ? { headers: z.input<Headers> } : unknown);

// The arguments after the endpoint: none when it needs nothing.
export type CallArguments<E extends EndpointDefinition> =
  Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

// The query string of a call: empty values left out, lists comma-separated ("?skills=React,AWS").
export function queryStringOf(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

// The path with its `:name`s filled in, each encoded.
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the path parameter ${name}.`);
    return encodeURIComponent(value);
  });
}

import type { InjectOptions } from 'fastify';
import {
  type CallArguments,
  type EndpointDefinition,
  isFileKind,
  pathOf,
  queryStringOf,
  type ResponseOf,
} from '~/shared/contract';
import type { ApiErrorBody } from '~/shared/errors';

// app.inject() through a contract (src/shared/contracts), as the client's callApi calls it: the path filled in
// from `params`, the query and body as the endpoint declares them, and the answer typed by its responses —
// parsed by the contract's schema for the status, so a server answer that breaks its contract fails the test
// where it is read. Server tests use it instead of path literals and `json() as T` (the house issue).

type Inject = (options: InjectOptions) => Promise<{
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  rawPayload: Buffer;
  cookies: ContractAnswer<EndpointDefinition>['cookies'];
}>;

export interface ContractAnswer<E extends EndpointDefinition> {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  // The success body as the contract declares it for this status (undefined for a 204 or a refusal).
  body: ResponseOf<E>;
  // A refusal's body (docs/design.md §6: the sentence, the code, the fields); undefined on success.
  error: ApiErrorBody | undefined;
  // The bytes, for a file answer.
  rawPayload: Buffer;
  // The cookies it set (a sign-in's session).
  cookies: Array<{ name: string; value: string; [attribute: string]: unknown }>;
}

export async function callContract<E extends EndpointDefinition>(
  inject: Inject,
  endpoint: E,
  ...callArguments: CallArguments<E>
): Promise<ContractAnswer<E>> {
  return callUnchecked(inject, endpoint, callArguments[0] as UncheckedInput | undefined);
}

// What a test of refusals sends: a body, query or header the contract does not allow (a hostile body, a forged
// origin, a missing field), still to the endpoint the contract names. The answer is read as callContract reads it.
export interface UncheckedInput {
  params?: Record<string, string>;
  query?: object;
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

export async function callUnchecked<E extends EndpointDefinition>(
  inject: Inject,
  endpoint: E,
  input?: UncheckedInput,
): Promise<ContractAnswer<E>> {
  const url = pathOf(endpoint.path, input?.params) + (input?.query ? queryStringOf(input.query) : '');
  const headers = Object.fromEntries(
    Object.entries(input?.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const response = await inject({
    method: endpoint.method,
    url,
    headers,
    ...(input?.body === undefined ? {} : { payload: input.body as InjectOptions['payload'] }),
  });
  const schema = endpoint.responses[response.statusCode as keyof typeof endpoint.responses];
  const isSuccess = response.statusCode < 400;
  const json =
    response.body && /json/.test(String(response.headers['content-type'])) ? JSON.parse(response.body) : undefined;
  const body =
    // A 204 has no body to parse (ResponseOf says undefined).
    isSuccess && response.statusCode !== 204 && schema && !isFileKind(schema) && 'parse' in schema
      ? (schema.parse(json) as ResponseOf<E>)
      : undefined;
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: body as ResponseOf<E>,
    error: isSuccess ? undefined : (json as ApiErrorBody | undefined),
    rawPayload: response.rawPayload,
    cookies: response.cookies,
  };
}

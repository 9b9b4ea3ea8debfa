import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Endpoint } from '~/shared/contract';
import type { RouteAccess } from './access-control';
import { errorResponses } from './route-schemas';

// Registers a route from its contract in src/shared/contracts (decision 019): method, path and the
// route schema (params, querystring, body, responses with the common errors, tags and summary, hence the
// OpenAPI document) come from the contract; who may call it and the other server-only options come here.

declare module 'fastify' {
  interface FastifyContextConfig {
    // The contract endpoint the route serves ("apiTokens.list"): route-contracts.test.ts lists the
    // routes without one.
    contract?: string;
  }
}

// The route schema Fastify's type provider reads the request and reply types from.
export interface ContractRouteSchema<E extends Endpoint> {
  tags: string[];
  summary: string;
  params: E extends { params: infer Params extends ZodType } ? Params : undefined;
  querystring: E extends { query: infer Query extends ZodType } ? Query : undefined;
  body: E extends { body: infer Body extends ZodType } ? Body : undefined;
  response: E['responses'] & typeof errorResponses;
}

export type ContractHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractRouteSchema<E>,
  ZodTypeProvider
>;

export type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config: Omit<FastifyContextConfig, 'contract'> & { access: RouteAccess };
};

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: ContractRouteOptions,
  handler: ContractHandler<E>,
) {
  // A path parameter the schema does not validate would reach the handler unchecked (decision 008).
  const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
  if (pathParamNames(endpoint.path).sort().join() !== declared.join()) {
    throw new Error(`${endpoint.name}: the params schema must declare exactly the parameters of ${endpoint.path}.`);
  }
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    response: { ...endpoint.responses, ...errorResponses },
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, contract: endpoint.name },
    schema,
    handler: handler as RouteHandlerMethod,
  });
}

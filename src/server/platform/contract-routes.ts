import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyError,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { type Endpoint, type FileKind, isFileKind, isRedirectKind, type RedirectKind } from '~/shared/contract';
import { apiErrorSchema } from '~/shared/errors';
import type { RouteAccess } from './access-control';
import { AppError } from './errors';
import { refuseDeclaredOversize } from './file-transfer';
import { errorResponses, fileResponse } from './route-schemas';

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
interface ContractRouteSchema<E extends Endpoint> {
  tags: string[];
  summary: string;
  params: E extends { params: infer Params extends ZodType } ? Params : undefined;
  querystring: E extends { query: infer Query extends ZodType } ? Query : undefined;
  headers: E extends { headers: infer Headers extends ZodType } ? Headers : undefined;
  body: E extends { body: infer Body extends ZodType } ? Body : undefined;
  response: {
    [Status in keyof E['responses']]: FileKind extends E['responses'][Status]
      ? FileResponse
      : RedirectKind extends E['responses'][Status]
        ? typeof redirectResponse
        : E['responses'][Status];
  } & typeof errorResponses &
    (E extends { failures: infer Failures } ? Failures : unknown);
}
type FileResponse = ReturnType<typeof fileResponse>;

// A redirect answers with no body (@fastify/swagger documents a `null` type as no content).
const redirectResponse = z.null().describe('A redirect: the Location header says where to go');

export type ContractHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractRouteSchema<E>,
  ZodTypeProvider
>;

type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config: Omit<FastifyContextConfig, 'contract'> & { access: RouteAccess };
  // An endpoint whose body is a file: at most `maxBytes`, and the sentences its refusals give.
  upload?: UploadRules;
};

// The body as this instance takes it, when that is narrower than the contract's (the configured payment
// provider's shape of a new method): validated and documented instead of the contract's.
type NarrowedBody<E extends Endpoint> = E extends { body: infer Body extends ZodType }
  ? ZodType<z.output<Body>>
  : never;

interface UploadRules {
  maxBytes: number;
  tooLarge: string;
  unsupportedType: string;
}

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: ContractRouteOptions & { narrowedBody?: NarrowedBody<E> },
  handler: ContractHandler<E>,
) {
  // A path parameter the schema does not validate would reach the handler unchecked (decision 008).
  const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
  if (pathParamNames(endpoint.path).sort().join() !== declared.join()) {
    throw new Error(`${endpoint.name}: the params schema must declare exactly the parameters of ${endpoint.path}.`);
  }
  const { upload, narrowedBody, ...routeOptions } = options;
  const fileBody = isFileKind(endpoint.body) ? endpoint.body : undefined;
  if (Boolean(fileBody) !== Boolean(upload)) {
    throw new Error(`${endpoint.name}: a file body needs upload rules, and only a file body has them.`);
  }
  const responses = Object.fromEntries(
    Object.entries(endpoint.responses).map(([status, answer]) => [
      status,
      isFileKind(answer) ? fileResponse(...answer.mediaTypes) : isRedirectKind(answer) ? redirectResponse : answer,
    ]),
  );
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.headers && { headers: endpoint.headers }),
    ...(endpoint.body && !fileBody && { body: narrowedBody ?? endpoint.body }),
    ...(fileBody && { consumes: [...fileBody.mediaTypes] }),
    response: { ...responses, ...errorResponses, ...endpoint.failures, ...(fileBody && { 415: apiErrorSchema }) },
  };
  const route = (scope: FastifyInstance) =>
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...routeOptions,
      ...(upload && { bodyLimit: upload.maxBytes }),
      method: endpoint.method,
      url: endpoint.path,
      config: {
        ...routeOptions.config,
        contract: endpoint.name,
        // Every create takes an Idempotency-Key (platform/idempotency.ts), unless its contract reads the header itself.
        ...(endpoint.method === 'POST' && {
          idempotency: endpoint.headers?.shape['idempotency-key'] ? ('own' as const) : ('replayed' as const),
        }),
      },
      schema,
      handler: handler as RouteHandlerMethod,
    });
  if (!fileBody || !upload) {
    route(app);
    return;
  }
  // In a scope of its own: only here does a body arrive as a file's raw bytes, a stream the handler stores
  // as it arrives (file-transfer.ts uploadBodyOf), and only here are Fastify's refusals of a body reworded.
  app.register(async (scope) => {
    // A file may be JSON (a signed webhook event): here its bytes stay as they came.
    for (const mediaType of fileBody.mediaTypes) {
      if (scope.hasContentTypeParser(mediaType)) scope.removeContentTypeParser(mediaType);
    }
    scope.addContentTypeParser([...fileBody.mediaTypes], (request, body, done) =>
      refuseDeclaredOversize(request, body, done, upload.maxBytes, upload.tooLarge),
    );
    // What the error thrown here becomes is the app's error handler's (the parent's) to answer.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('payload_too_large', upload.tooLarge);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new AppError('unsupported_media_type', upload.unsupportedType);
      }
      throw error;
    });
    route(scope);
  });
}

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

const zodSerializerCompiler = createSerializerCompiler({});

// Responses are written by fast-json-stringify compiled from the route's zod schema: like zod it
// writes only the declared fields (nothing a handler forgot to remove leaks out), at a fraction of
// the cost of parsing every response with zod. Schemas JSON Schema cannot express (transforms,
// dates as objects) keep the zod serializer.
//
//
// Compiling every route's serializers costs about half a second at start, so each is compiled on its
// route's first response, once per process: the route modules' schemas are the same objects in every app
// a process builds (a test worker builds one per file).
type Serializer = ReturnType<FastifySerializerCompiler<ZodType>>;
const serializers = new WeakMap<ZodType, Serializer>();

export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const known = serializers.get(route.schema);
  if (known) return known;
  let compiled: Serializer | undefined;
  const serializer: Serializer = (data) => {
    compiled ??= compileSerializer(route);
    return compiled(data);
  };
  serializers.set(route.schema, serializer);
  return serializer;
};

function compileSerializer(route: Parameters<FastifySerializerCompiler<ZodType>>[0]) {
  let jsonSchema: Parameters<typeof fastJson>[0];
  try {
    jsonSchema = z.toJSONSchema(route.schema, {
      target: 'draft-07',
      io: 'output',
      unrepresentable: 'throw',
    }) as typeof jsonSchema;
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJson(jsonSchema);
}

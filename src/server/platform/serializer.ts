import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

const zodSerializerCompiler = createSerializerCompiler({});

// Responses are written by fast-json-stringify compiled from the route's zod schema: like zod it
// writes only the declared fields (nothing a handler forgot to remove leaks out), at a fraction of
// the cost of parsing every response with zod. Schemas JSON Schema cannot express (transforms,
// dates as objects) keep the zod serializer.
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
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
};

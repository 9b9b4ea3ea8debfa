import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { currentAuth, currentCompanyId } from './access-control';

// The error answers every API route may give (docs/design.md §6), for the route schemas and the OpenAPI
// document: one list, so no route forgets one its handler can throw.
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
};

const fileBytes = z.string().meta({ format: 'binary' });

// The 200 of a download (platform/file-transfer.ts): the file's bytes under each media type it may have,
// for the OpenAPI document and generated clients. Errors stay JSON: `produces` would have labelled them
// with the file's type too.
export const fileResponse = (...mediaTypes: string[]) => ({
  description: 'The file',
  content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: fileBytes }])),
});

// Who acts, for the audit log: the signed-in person and the address they came from.
export function actorOf(request: FastifyRequest) {
  return { actorId: currentAuth(request).user.id, ipAddress: request.ip };
}

// Who acts for which company: the company comes from the session, never from the request.
export function companyActorOf(request: FastifyRequest) {
  return { companyId: currentCompanyId(request), ...actorOf(request) };
}

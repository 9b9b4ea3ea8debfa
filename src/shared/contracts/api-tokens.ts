import { apiTokenListSchema, createApiTokenSchema, createdApiTokenSchema } from '../api-tokens';
import { defineContract } from '../contract';
import { idParams, noContent } from '../contract-schemas';

// Personal API tokens, for every role: list, create (shown once), revoke.
export const apiTokensContract = defineContract(
  { name: 'apiTokens', tags: ['account'] },
  {
    list: {
      method: 'GET',
      path: '/api/account/api-tokens',
      summary: 'Your API tokens not yet revoked, newest first, and whether the platform accepts them',
      responses: { 200: apiTokenListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/account/api-tokens',
      summary: 'Create an API token; the answer is the only time the token itself is shown',
      body: createApiTokenSchema,
      responses: { 201: createdApiTokenSchema },
    },
    revoke: {
      method: 'DELETE',
      path: '/api/account/api-tokens/:id',
      summary: 'Revoke one of your API tokens: requests with it are refused from now on',
      params: idParams('API token'),
      responses: { 204: noContent },
    },
  },
);

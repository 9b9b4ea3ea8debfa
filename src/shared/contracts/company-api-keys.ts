import { apiKeyListSchema, apiKeySecretSchema, createApiKeySchema } from '../api-keys';
import { defineContract } from '../contract';
import { idParams, noContent } from '../contract-schemas';

// A company's API keys (Settings → Integrations: Owner and Admins): list, create and rotate (the key shown
// once), revoke. Managed by a person signed in, never by a key or a token.
export const companyApiKeysContract = defineContract(
  { name: 'companyApiKeys', tags: ['company', 'integrations'] },
  {
    list: {
      method: 'GET',
      path: '/api/company/api-keys',
      summary: 'The company’s API keys not yet revoked, newest first, with the scopes a key may be given',
      responses: { 200: apiKeyListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/company/api-keys',
      summary: 'Create an API key with its scopes; the answer is the only time the key itself is shown',
      body: createApiKeySchema,
      responses: { 201: apiKeySecretSchema },
    },
    rotate: {
      method: 'POST',
      path: '/api/company/api-keys/:id/rotate',
      summary: 'Replace a key’s secret; the old one keeps working for 24 hours',
      params: idParams('API key'),
      responses: { 200: apiKeySecretSchema },
    },
    revoke: {
      method: 'DELETE',
      path: '/api/company/api-keys/:id',
      summary: 'Revoke an API key: requests with it (or the key it replaced) are refused from now on',
      params: idParams('API key'),
      responses: { 204: noContent },
    },
  },
);

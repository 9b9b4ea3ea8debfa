import { NEXT_ACCOUNT_PATH } from '../../../src/server/testing/local-oidc-provider';

interface ProviderPerson {
  sub: string;
  email: string;
  name?: string;
  email_verified?: boolean;
}

// Chooses who the local identity provider (standing in for Google) signs in next.
export async function signInNextAtProvider(person: ProviderPerson) {
  const issuer = process.env.E2E_OIDC_ISSUER;
  if (!issuer) throw new Error('E2E_OIDC_ISSUER is not set: the e2e global setup starts the local provider.');
  const response = await fetch(`${issuer}${NEXT_ACCOUNT_PATH}`, { method: 'POST', body: JSON.stringify(person) });
  if (response.status !== 204) throw new Error(`The local provider refused the next account: ${response.status}`);
}

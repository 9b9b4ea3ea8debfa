import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID Connect provider (the oidc-provider package) on loopback, standing in for Google,
// LinkedIn or Apple in tests. It signs in whoever setNextAccount() names, without a login form, and
// can be told to fail its user-info endpoint.

export const NEXT_ACCOUNT_PATH = '/__test__/next-account';

interface LocalAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

interface LocalClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  // How the client proves itself at the token endpoint (Google: basic; LinkedIn and Apple: post).
  authMethod?: 'client_secret_basic' | 'client_secret_post';
}

export interface LocalOidcProvider {
  issuer: string;
  setNextAccount(account: LocalAccount): void;
  failUserInfo(shouldFail: boolean): void;
  close(): Promise<void>;
}

export async function startLocalOidcProvider({ clients }: { clients: LocalClient[] }): Promise<LocalOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, LocalAccount>();
  let nextAccount: LocalAccount = {
    sub: 'local-user',
    email: 'local.user@example.test',
    email_verified: true,
    name: 'Local User',
  };
  let isUserInfoBroken = false;

  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: client.authMethod ?? 'client_secret_basic',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    // Put the email in the ID token too, as Apple does (it has no user-info endpoint).
    conformIdTokenClaims: false,
    cookies: { keys: ['local-oidc-provider-test-key'] },
    features: { devInteractions: { enabled: false } },
    findAccount: async (_context, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
  });

  const handleProvider = provider.callback();
  server.on('request', async (request, response) => {
    try {
      // Lets a browser test in another process choose who signs in next.
      if (request.method === 'POST' && request.url === NEXT_ACCOUNT_PATH) {
        let body = '';
        for await (const chunk of request) body += chunk;
        nextAccount = { email_verified: true, ...(JSON.parse(body) as LocalAccount) };
        response.writeHead(204).end();
        return;
      }
      if (request.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(request, response);
        const account = nextAccount;
        accounts.set(account.sub, account);
        if (details.prompt.name === 'login') {
          await provider.interactionFinished(
            request,
            response,
            { login: { accountId: account.sub } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const grant = new provider.Grant({
          accountId: details.session?.accountId ?? account.sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope('openid email profile');
        await provider.interactionFinished(
          request,
          response,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      if (isUserInfoBroken && request.url?.startsWith('/me')) {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"server_error"}');
        return;
      }
      handleProvider(request, response);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });

  return {
    issuer,
    setNextAccount: (account) => {
      nextAccount = { email_verified: true, ...account };
    },
    failUserInfo: (shouldFail) => {
      isUserInfoBroken = shouldFail;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

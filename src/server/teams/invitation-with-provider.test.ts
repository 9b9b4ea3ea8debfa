import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { teamContract } from '~/shared/contracts/teams';
import { oidcRefusals } from '~/shared/oidc';
import { type InviteMemberInput, teamTexts } from '~/shared/teams';
import { companyInvitations, companyMembers, emailOutbox, oauthAccounts, users } from '../db/schema';
import { buildAccount } from '../seed/factories';
import { companyIdOf } from '../testing/assessment-helpers';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { walkProvider } from '../testing/browserless-oidc';
import { callContract } from '../testing/contract-client';
import { type LocalOidcProvider, startLocalOidcProvider } from '../testing/local-oidc-provider';
import { createTestApp, type TestApp } from '../testing/test-app';

const PUBLIC_URL = 'http://tandem.test';

// An invitation accepted through an identity provider: the token rides in the signed OIDC state, and only
// a provider's verified claim of the invited address accepts it (docs/decisions/032).
describe('accepting an invitation with an identity provider', () => {
  let provider: LocalOidcProvider;
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof signedInAccount>>;
  let companyId: string;

  beforeAll(async () => {
    provider = await startLocalOidcProvider({
      clients: [
        { clientId: 'tandem-google', clientSecret: 'google-secret', redirectUris: [`${PUBLIC_URL}/auth/callback`] },
      ],
    });
    testApp = await createTestApp({
      env: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: 'tandem-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_ISSUER: provider.issuer,
      },
    });
    owner = await signedInAccount(testApp, { role: 'company', companyName: 'Acme Robotics' });
    companyId = await companyIdOf(testApp, owner.user.id);
  });
  afterAll(async () => {
    await testApp.close();
    await provider.close();
  });

  const navigate = (options: InjectOptions) => testApp.app.inject(options);

  // Invites the address and returns the link's token (from the email).
  async function invitationFor(email: string, role: InviteMemberInput['role'] = 'hiring_manager') {
    const sent = await owner.call(teamContract.invite, { body: { email, role } });
    expect(sent.statusCode, sent.error?.error).toBe(201);
    const mails = await testApp.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const token = mails.at(-1)?.text.match(/\/join\/([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error('No invitation link.');
    return { token, id: sent.body.id };
  }

  async function signInFromInvitation(token: string, account: Parameters<LocalOidcProvider['setNextAccount']>[0]) {
    provider.setNextAccount(account);
    // The browser navigates there: no same-origin header.
    const start = await callContract(navigate, authContract.startOidcSignIn, {
      params: { provider: 'google' },
      query: { user_type: 'company', accept_terms: 'true', redirect: '/company-dashboard', invitation: token },
    });
    expect(start.statusCode).toBe(302);
    const flowCookie = start.cookies.find((cookie) => cookie.name === 'tandem_oidc');
    const answer = await walkProvider(String(start.headers.location), PUBLIC_URL);
    return callerFrom(testApp, { cookie: `tandem_oidc=${flowCookie?.value}` }).call(authContract.completeOidcSignIn, {
      body: answer.parameters,
    });
  }

  it('creates a member account when the provider vouches for the invited address, and the link is used', async () => {
    const { token, id } = await invitationFor('pat.new@example.test');
    const response = await signInFromInvitation(token, {
      sub: 'g-pat',
      email: 'Pat.New@example.test',
      name: 'Pat New',
    });
    expect(response.statusCode, response.error?.error).toBe(200);
    expect(response.body).toMatchObject({
      status: 'signed_in',
      redirect_to: '/company-dashboard',
      user: { email: 'pat.new@example.test', email_verified: true, company: { id: companyId, role: 'hiring_manager' } },
    });
    const [invitation] = await testApp.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.id, id));
    expect(invitation?.acceptedAt).toBeInstanceOf(Date);
    // Used: the same link through the provider again is refused.
    const again = await signInFromInvitation(token, { sub: 'g-pat', email: 'pat.new@example.test' });
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(teamTexts.accepted);
  });

  it('refuses another address, and an address the provider does not vouch for, making no account', async () => {
    const { token, id } = await invitationFor('quinn@example.test');
    const other = await signInFromInvitation(token, { sub: 'g-mallory', email: 'mallory@example.test' });
    expect(other.statusCode).toBe(403);
    expect(other.error?.error).toBe(teamTexts.wrongAccount('quinn@example.test'));
    const unverified = await signInFromInvitation(token, {
      sub: 'g-quinn',
      email: 'quinn@example.test',
      email_verified: false,
    });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.error?.error).toBe(oidcRefusals.emailNotVerified('Google'));
    const made = await testApp.database.db.select().from(users).where(eq(users.email, 'mallory@example.test'));
    expect(made).toEqual([]);
    const [invitation] = await testApp.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.id, id));
    expect(invitation?.acceptedAt).toBeNull();
  });

  it('lets a former member join through the provider, and refuses an account in another company', async () => {
    const { user: former } = await buildAccount(testApp.database.db, { role: 'company', email: 'former@example.test' });
    await testApp.database.db.delete(companyMembers).where(eq(companyMembers.userId, former.id));
    const { token } = await invitationFor('former@example.test', 'viewer');
    const joined = await signInFromInvitation(token, { sub: 'g-former', email: 'former@example.test' });
    expect(joined.statusCode, joined.error?.error).toBe(200);
    expect(joined.body).toMatchObject({ user: { id: former.id, company: { id: companyId, role: 'viewer' } } });
    expect(
      await testApp.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, former.id)),
    ).toHaveLength(1);

    const { user: busy } = await buildAccount(testApp.database.db, { role: 'company', email: 'busy@example.test' });
    await testApp.database.db.delete(companyMembers).where(eq(companyMembers.userId, busy.id));
    const { token: busyToken } = await invitationFor('busy@example.test');
    // Joined a company of their own meanwhile: one company per person.
    const elsewhere = await signedInAccount(testApp, { role: 'company' });
    await testApp.database.db
      .insert(companyMembers)
      .values({ companyId: await companyIdOf(testApp, elsewhere.user.id), userId: busy.id, role: 'viewer' });
    const refused = await signInFromInvitation(busyToken, { sub: 'g-busy', email: 'busy@example.test' });
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(teamTexts.cannotJoin('busy@example.test'));
  });
});

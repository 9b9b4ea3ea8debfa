import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { invitationsContract, teamContract } from '~/shared/contracts/teams';
import {
  INVITATIONS_PER_DAY,
  type InviteMemberInput,
  type JoinWithAccountInput,
  PENDING_INVITATIONS_MAX,
  teamTexts,
} from '~/shared/teams';
import { auditLogs, companyInvitations, companyMembers, emailOutbox, users } from '../db/schema';
import { companyIdOf, signedInColleague } from '../testing/assessment-helpers';
import { callerFrom, sessionCookieFrom, signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

let sequence = 0;
const newAddress = () => `invitee-${Date.now()}-${++sequence}@example.test`;

// Invitations: sent, resent (a new link), revoked; their link's page; accepted only by the invited address,
// once, within 7 days, by a new account or a company account with no company — never by an account that
// belongs elsewhere (one company per person).
describe('team invitations', () => {
  let testApp: TestApp;
  let owner: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL: 'https://tandem.example' } });
    owner = await signedInAccount(testApp, { role: 'company', name: 'Olive Owner', companyName: 'Acme Robotics' });
    companyId = await companyIdOf(testApp, owner.user.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const invite = (as: Account, email: string, role: InviteMemberInput['role'] = 'hiring_manager') =>
    as.call(teamContract.invite, { body: { email, role } });
  // The link in the latest invitation email to the address, and its token.
  async function linkSentTo(email: string) {
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(1);
    const url = mail?.text.match(/https:\/\/tandem\.example\/join\/([A-Za-z0-9_-]+)/);
    if (!mail || !url?.[1]) throw new Error(`No invitation link was mailed to ${email}.`);
    return { mail, token: url[1] };
  }
  // Nobody signed in: the link opened, and its sign-up sent from this site.
  const preview = (token: string) =>
    callContract((options: InjectOptions) => testApp.app.inject(options), invitationsContract.preview, {
      params: { token },
    });
  const register = (
    token: string,
    body: JoinWithAccountInput = { name: 'Ines Invitee', password: 'long enough 1', accept_terms: true },
  ) => callerFrom(testApp).call(invitationsContract.register, { params: { token }, body });
  const accept = (as: Account, token: string) => as.call(invitationsContract.accept, { params: { token } });

  it('sends an invitation by email with the company, inviter, role and expiry; the list shows it as pending', async () => {
    const email = newAddress();
    const response = await invite(owner, email.toUpperCase());
    expect(response.statusCode, response.error?.error).toBe(201);
    const invitation = response.body;
    expect(invitation).toMatchObject({ email, role: 'hiring_manager', invited_by: 'Olive Owner', is_expired: false });
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const { mail, token } = await linkSentTo(email);
    expect(mail.subject).toBe('Olive Owner invited you to join Acme Robotics on Tandem');
    expect(mail.text).toContain('as Hiring Manager');
    expect(mail.text).toContain('works until');
    // Only the token's hash is kept.
    const [row] = await db().select().from(companyInvitations).where(eq(companyInvitations.id, invitation.id));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenHash).toHaveLength(64);

    const list = (await owner.call(teamContract.invitations)).body;
    expect(list.items.map((item) => item.email)).toContain(email);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company_invitation.sent'), eq(auditLogs.targetId, invitation.id)));
    expect(audit).toMatchObject({ actorId: owner.user.id, details: { email, role: 'hiring_manager' } });

    expect((await preview(token)).body).toEqual({
      company_name: 'Acme Robotics',
      inviter_name: 'Olive Owner',
      role: 'hiring_manager',
      email,
      expires_at: invitation.expires_at,
      state: 'open',
      message: null,
      has_account: false,
    });
  });

  it('never invites as Owner, and only owners and admins invite', async () => {
    const ownerRole = await invite(owner, newAddress(), 'owner');
    expect(ownerRole.statusCode).toBe(400);
    expect(ownerRole.error?.fields?.role).toBe(teamTexts.ownershipByTransfer);
    const manager = await signedInColleague(testApp, companyId, 'hiring_manager');
    expect((await invite(manager, newAddress())).statusCode).toBe(403);
    const admin = await signedInColleague(testApp, companyId, 'admin');
    expect((await invite(admin, newAddress(), 'admin')).statusCode).toBe(201);
  });

  it('refuses an address that already has an account elsewhere, or is a member already, with a sentence', async () => {
    const elsewhere = await signedInAccount(testApp, { role: 'company' });
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    for (const account of [elsewhere, applicant]) {
      const response = await invite(owner, account.user.email);
      expect(response.statusCode).toBe(409);
      expect(response.error?.error).toBe(teamTexts.alreadyHasAccount(account.user.email));
      expect(response.error?.error).toContain('already has a Tandem account');
    }
    const colleague = await signedInColleague(testApp, companyId, 'viewer');
    const member = await invite(owner, colleague.user.email);
    expect(member.statusCode).toBe(409);
    expect(member.error?.error).toBe(teamTexts.alreadyMember(colleague.user.email));
  });

  it('resends: inviting again or Resend makes a new link for 7 more days, and the old link stops working', async () => {
    const email = newAddress();
    const first = (await invite(owner, email, 'viewer')).body;
    const { token: firstToken } = await linkSentTo(email);
    // Inviting the pending address again is its resend, with the role now chosen: still one invitation.
    const again = await invite(owner, email, 'billing');
    expect(again.statusCode).toBe(201);
    expect(again.body).toMatchObject({ id: first.id, role: 'billing' });
    const { token: secondToken } = await linkSentTo(email);
    expect(secondToken).not.toBe(firstToken);
    expect((await preview(firstToken)).statusCode).toBe(404);

    const past = new Date(Date.now() - 86_400_000);
    await db()
      .update(companyInvitations)
      .set({ expiresAt: past, sentAt: past })
      .where(eq(companyInvitations.id, first.id));
    const resent = await owner.call(teamContract.resendInvitation, { params: { id: first.id } });
    expect(resent.statusCode, resent.error?.error).toBe(200);
    expect(resent.body.is_expired).toBe(false);
    expect(Date.parse(resent.body.sent_at)).toBeGreaterThan(past.getTime());
    const { token: thirdToken } = await linkSentTo(email);
    expect((await preview(secondToken)).statusCode).toBe(404);
    expect((await preview(secondToken)).error?.error).toBe(teamTexts.linkUnknown);
    expect((await preview(thirdToken)).body).toMatchObject({ state: 'open', role: 'billing' });
    expect(await db().select().from(companyInvitations).where(eq(companyInvitations.email, email))).toHaveLength(1);
  });

  it('revokes: the link says so and cannot be used; another company cannot touch the invitation', async () => {
    const email = newAddress();
    const invitation = (await invite(owner, email)).body;
    const { token } = await linkSentTo(email);
    const stranger = await signedInAccount(testApp, { role: 'company' });
    const foreign = await stranger.call(teamContract.revokeInvitation, { params: { id: invitation.id } });
    expect(foreign.statusCode).toBe(404);
    const revoked = await owner.call(teamContract.revokeInvitation, { params: { id: invitation.id } });
    expect(revoked.statusCode).toBe(204);
    expect((await preview(token)).body).toMatchObject({ state: 'revoked', message: teamTexts.revoked });
    const refused = await register(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(teamTexts.revoked);
    const list = (await owner.call(teamContract.invitations)).body;
    expect(list.items.map((item) => item.id)).not.toContain(invitation.id);
    // Revoked, it may be sent afresh.
    expect((await invite(owner, email)).statusCode).toBe(201);
  });

  it('creates the invitee’s account from the link: a company member with the invited role, signed in, verified', async () => {
    const email = newAddress();
    const invitation = (await invite(owner, email, 'hiring_manager')).body;
    const { token } = await linkSentTo(email);
    const weak = await register(token, { name: 'Ines', password: 'short', accept_terms: true });
    expect(weak.statusCode).toBe(400);
    // Without the terms' agreement, which the contract requires.
    const noTerms = await callerFrom(testApp).callUnchecked(invitationsContract.register, {
      params: { token },
      body: { name: 'Ines', password: 'long enough 1' },
    });
    expect(noTerms.statusCode).toBe(400);

    const response = await register(token);
    expect(response.statusCode, response.error?.error).toBe(201);
    expect(response.body).toMatchObject({
      status: 'signed_in',
      redirect_to: '/company-dashboard',
      user: {
        email,
        name: 'Ines Invitee',
        role: 'company',
        email_verified: true,
        company: { id: companyId, name: 'Acme Robotics', role: 'hiring_manager' },
      },
    });
    const cookie = sessionCookieFrom(response);
    const members = await callerFrom(testApp, { cookie }).call(teamContract.members);
    expect(members.statusCode).toBe(200);
    const [row] = await db().select().from(companyInvitations).where(eq(companyInvitations.id, invitation.id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    const registered = response.body;
    if (registered.status !== 'signed_in') throw new Error('The invitee was not signed in.');
    expect(row?.acceptedById).toBe(registered.user.id);

    // Used: the link says so, and cannot make a second account or be accepted again.
    expect((await preview(token)).body).toMatchObject({ state: 'accepted', message: teamTexts.accepted });
    const reused = await register(token, { name: 'Someone Else', password: 'long enough 2', accept_terms: true });
    expect(reused.statusCode).toBe(409);
    expect(reused.error?.error).toBe(teamTexts.accepted);
  });

  it('admits the invitee while open registrations are closed', async () => {
    const email = newAddress();
    await invite(owner, email);
    const { token } = await linkSentTo(email);
    await testApp.setSettings({ allow_registrations: false });
    try {
      expect((await register(token)).statusCode).toBe(201);
    } finally {
      await testApp.setSettings({ allow_registrations: true });
    }
  });

  it('refuses an expired invitation', async () => {
    const email = newAddress();
    const invitation = (await invite(owner, email)).body;
    const { token } = await linkSentTo(email);
    await db()
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, invitation.id));
    expect((await preview(token)).body).toMatchObject({ state: 'expired', message: teamTexts.expired });
    const refused = await register(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(teamTexts.expired);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    // The list still shows it, marked expired, for a resend.
    const list = (await owner.call(teamContract.invitations)).body;
    expect(list.items.find((item) => item.id === invitation.id)).toMatchObject({ is_expired: true });
  });

  it('is never accepted by another address: a signed-in account whose address differs is refused', async () => {
    const email = newAddress();
    await invite(owner, email);
    const { token } = await linkSentTo(email);
    // A former member (a company account with no company) at another address.
    const other = await signedInAccount(testApp, { role: 'company' });
    await db().delete(companyMembers).where(eq(companyMembers.userId, other.user.id));
    const refused = await accept(other, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.error?.error).toBe(teamTexts.wrongAccount(email));
    expect(await db().select().from(companyMembers).where(eq(companyMembers.userId, other.user.id))).toEqual([]);
    expect((await preview(token)).body.state).toBe('open');
  });

  it('lets a former member whose confirmed address is the invited one accept, once', async () => {
    const former = await signedInAccount(testApp, { role: 'company' });
    await db().delete(companyMembers).where(eq(companyMembers.userId, former.user.id));
    const invitation = (await invite(owner, former.user.email, 'billing')).body;
    const { token } = await linkSentTo(former.user.email);
    expect((await preview(token)).body).toMatchObject({ state: 'open', has_account: true, message: null });
    // The account exists: the link's sign-up is refused, and points to signing in.
    const signUp = await register(token);
    expect(signUp.statusCode).toBe(409);
    expect(signUp.error?.error).toBe(teamTexts.accountExists);

    const accepted = await accept(former, token);
    expect(accepted.statusCode, accepted.error?.error).toBe(200);
    expect(accepted.body).toEqual({ company: { id: companyId, name: 'Acme Robotics' } });
    const me = (await former.call(authContract.me)).body;
    expect(me.user?.company).toEqual({ id: companyId, name: 'Acme Robotics', role: 'billing', currency: 'USD' });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company_invitation.accepted'), eq(auditLogs.actorId, former.user.id)));
    expect(audit?.details).toMatchObject({ invitation_id: invitation.id, role: 'billing' });
    const again = await accept(former, token);
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(teamTexts.accepted);
  });

  it('refuses a former member whose address is not confirmed yet', async () => {
    const former = await signedInAccount(testApp, { role: 'company', emailVerified: false });
    await db().delete(companyMembers).where(eq(companyMembers.userId, former.user.id));
    await invite(owner, former.user.email);
    const { token } = await linkSentTo(former.user.email);
    const refused = await accept(former, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.error?.error).toBe(teamTexts.unverifiedEmail);
  });

  it('refuses an account that joined another company since it was invited, when accepting (one company per person)', async () => {
    const person = await signedInAccount(testApp, { role: 'company' });
    const theirCompany = await companyIdOf(testApp, person.user.id);
    await db().delete(companyMembers).where(eq(companyMembers.userId, person.user.id));
    await invite(owner, person.user.email);
    const { token } = await linkSentTo(person.user.email);
    await db().insert(companyMembers).values({ companyId: theirCompany, userId: person.user.id, role: 'owner' });
    expect((await preview(token)).body.message).toBe(teamTexts.cannotJoin(person.user.email));
    const refused = await accept(person, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(teamTexts.cannotJoin(person.user.email));
    expect(refused.error?.error).toContain('already has a Tandem account');
    const [membership] = await db().select().from(companyMembers).where(eq(companyMembers.userId, person.user.id));
    expect(membership?.companyId).toBe(theirCompany);
  });

  it('answers a link nobody sent, or a malformed one, with 404 or 400 and a sentence', async () => {
    const unknown = await preview('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error?.error).toBe(teamTexts.linkUnknown);
    const malformed = await preview('not a token!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.error?.error).toBe(teamTexts.linkUnknown);
  });

  it('sends a company at most 50 invitations a day and keeps at most 100 waiting, each with a sentence', async () => {
    const busy = await signedInAccount(testApp, { role: 'company' });
    for (let sent = 0; sent < INVITATIONS_PER_DAY; sent++) {
      const response = await invite(busy, newAddress());
      expect(response.statusCode, response.error?.error).toBe(201);
    }
    const refused = await invite(busy, newAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.error?.error).toMatch(/^Your company has sent many invitations today\. Please wait/);
    expect(refused.headers['retry-after']).toBeDefined();

    // Another company with invitations waiting up to the cap (sent over the past days): one more is refused.
    const full = await signedInAccount(testApp, { role: 'company' });
    const fullCompanyId = await companyIdOf(testApp, full.user.id);
    await db()
      .insert(companyInvitations)
      .values(
        Array.from({ length: PENDING_INVITATIONS_MAX }, (_, index) => ({
          companyId: fullCompanyId,
          email: `waiting-${index}-${newAddress()}`,
          role: 'viewer' as const,
          tokenHash: `waiting-${fullCompanyId}-${index}`,
          invitedById: full.user.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      );
    const overCap = await invite(full, newAddress());
    expect(overCap.statusCode, overCap.error?.error).toBe(409);
    expect(overCap.error?.error).toBe(teamTexts.tooManyPending);
  });
});

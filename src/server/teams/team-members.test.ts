import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicesContract } from '~/shared/contracts/billing';
import { teamContract } from '~/shared/contracts/teams';
import { type ChangeMemberRoleInput, teamTexts } from '~/shared/teams';
import { auditLogs, companyMembers, sessions, users } from '../db/schema';
import { forbiddenMessage } from '../platform/access-control';
import { companyIdOf, signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Settings → Team's members: the list, roles changed, ownership handed over, and the rules that keep a
// company with an owner and an owner out of an Admin's reach.
describe('team members', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  // A company of an owner and one colleague in each other role.
  async function team() {
    const owner = await signedInAccount(testApp, { role: 'company', name: 'Olive Owner' });
    const companyId = await companyIdOf(testApp, owner.user.id);
    // Named so that their order by name is admin, manager, viewer: the list is by name after the owners.
    const colleague = (role: 'admin' | 'hiring_manager' | 'viewer', name: string) =>
      signedInAccount(testApp, { role: 'company', name, company: { id: companyId, role } });
    const admin = await colleague('admin', 'Ada Admin');
    const manager = await colleague('hiring_manager', 'Mia Manager');
    const viewer = await colleague('viewer', 'Vic Viewer');
    return { owner, admin, manager, viewer, companyId };
  }
  const roleOf = async (userId: string) =>
    (await db().select({ role: companyMembers.role }).from(companyMembers).where(eq(companyMembers.userId, userId)))[0]
      ?.role;
  const changeRole = (as: Account, userId: string, role: ChangeMemberRoleInput['role']) =>
    as.call(teamContract.changeRole, { params: { id: userId }, body: { role } });

  it('lists the members to every member, owners first, with email, role, last activity and status, a page at a time', async () => {
    const { owner, admin, manager, viewer } = await team();
    const outsider = await signedInAccount(testApp, { role: 'company' });
    const seen = new Date('2026-11-20T10:00:00Z');
    await db().update(sessions).set({ lastSeenAt: seen }).where(eq(sessions.userId, manager.user.id));

    // Every member reads the team, a viewer too.
    expect((await viewer.call(teamContract.members)).statusCode).toBe(200);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, viewer.user.id));
    const response = await admin.call(teamContract.members);
    expect(response.statusCode, response.error?.error).toBe(200);
    const page = response.body;
    expect(page).toMatchObject({ total: 4, page: 1, page_size: 20 });
    expect(page.items.map((member) => member.role)).toEqual(['owner', 'admin', 'hiring_manager', 'viewer']);
    expect(page.items[0]).toMatchObject({
      user_id: owner.user.id,
      name: 'Olive Owner',
      email: owner.user.email,
      status: 'active',
    });
    expect(page.items[2]?.last_active_at).toBe(seen.toISOString());
    expect(page.items[3]).toMatchObject({ user_id: viewer.user.id, status: 'suspended' });
    expect(page.items.map((member) => member.user_id)).not.toContain(outsider.user.id);

    const second = (await admin.call(teamContract.members, { query: { page: 2, page_size: 3 } })).body;
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(second.items.map((member) => member.role)).toEqual(['viewer']);

    // A role change keeps a member where they were: the list is by name after the owners, not by role.
    expect((await changeRole(owner, admin.user.id, 'viewer')).statusCode).toBe(200);
    const after = (await admin.call(teamContract.members)).body;
    expect(after.items.map((member) => member.name)).toEqual(['Olive Owner', 'Ada Admin', 'Mia Manager', 'Vic Viewer']);
  });

  it('shows the last sign-in as last activity for members whose sessions have all gone', async () => {
    const { owner, admin, manager } = await team();
    const signedIn = new Date('2026-11-18T09:30:00Z');
    // Several members without a session: the fallback reads each one's own sign-in, not every user's.
    await db().delete(sessions).where(eq(sessions.userId, admin.user.id));
    await db().delete(sessions).where(eq(sessions.userId, manager.user.id));
    await db().update(users).set({ lastSignInAt: signedIn }).where(eq(users.id, admin.user.id));
    await db().update(users).set({ lastSignInAt: null }).where(eq(users.id, manager.user.id));

    const response = await owner.call(teamContract.members);
    expect(response.statusCode, response.error?.error).toBe(200);
    const byId = new Map(response.body.items.map((member) => [member.user_id, member.last_active_at]));
    expect(byId.get(admin.user.id)).toBe(signedIn.toISOString());
    expect(byId.get(manager.user.id)).toBeNull();
  });
  it('lets an owner or admin change a role, audited with before and after; others may not', async () => {
    const { owner, admin, manager, viewer } = await team();
    const changed = await admin.call(teamContract.changeRole, {
      params: { id: viewer.user.id },
      body: { role: 'billing' },
    });
    expect(changed.statusCode, changed.error?.error).toBe(200);
    expect(changed.body).toMatchObject({ user_id: viewer.user.id, role: 'billing' });
    expect(await roleOf(viewer.user.id)).toBe('billing');
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company_member.role_changed'), eq(auditLogs.targetId, viewer.user.id)));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      details: { before: { role: 'viewer' }, after: { role: 'billing' } },
    });

    // The role takes effect at the next request: billing reads invoices, and no longer the pipeline.
    expect((await viewer.call(invoicesContract.list)).statusCode).toBe(200);

    const refused = await changeRole(manager, viewer.user.id, 'admin');
    expect(refused.statusCode).toBe(403);
    expect(refused.error?.error).toBe(forbiddenMessage);
    expect((await changeRole(owner, manager.user.id, 'viewer')).body).toMatchObject({ role: 'viewer' });
  });

  it('never makes anyone Owner by a role change, and refuses a role that does not exist', async () => {
    const { owner, admin, manager } = await team();
    for (const as of [owner, admin]) {
      const response = await changeRole(as, manager.user.id, 'owner');
      expect(response.statusCode).toBe(400);
      expect(response.error?.fields?.role).toBe(teamTexts.ownershipByTransfer);
    }
    // A role no company has, which the contract's types refuse.
    const unknown = await owner.callUnchecked(teamContract.changeRole, {
      params: { id: manager.user.id },
      body: { role: 'emperor' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error?.fields?.role).toBe(teamTexts.chooseRole);
    expect(await roleOf(manager.user.id)).toBe('hiring_manager');
  });

  it('keeps an Admin from changing or removing an Owner, or handing ownership over', async () => {
    const { owner, admin } = await team();
    const demote = await changeRole(admin, owner.user.id, 'viewer');
    expect(demote.statusCode).toBe(403);
    expect(demote.error?.error).toBe(teamTexts.onlyOwnerTouchesOwner);
    const remove = await admin.call(teamContract.remove, { params: { id: owner.user.id } });
    expect(remove.statusCode).toBe(403);
    expect(remove.error?.error).toBe(teamTexts.onlyOwnerTouchesOwner);
    const transfer = await admin.call(teamContract.transferOwnership, { params: { id: admin.user.id } });
    expect(transfer.statusCode).toBe(403);
    expect(await roleOf(owner.user.id)).toBe('owner');
  });

  it('keeps the last owner from leaving or being demoted, with a sentence', async () => {
    const { owner } = await team();
    const leave = await owner.call(teamContract.leave);
    expect(leave.statusCode).toBe(409);
    expect(leave.error?.error).toBe(teamTexts.lastOwnerLeaves);
    const demote = await changeRole(owner, owner.user.id, 'admin');
    expect(demote.statusCode).toBe(409);
    expect(demote.error?.error).toBe(teamTexts.lastOwnerDemoted);
    expect(await roleOf(owner.user.id)).toBe('owner');
    // With a second owner (a company from before roles), either may step down.
    const { owner: first, companyId } = await team();
    const second = await signedInColleague(testApp, companyId, 'owner');
    expect((await changeRole(first, second.user.id, 'admin')).statusCode).toBe(200);
    expect((await first.call(teamContract.leave)).statusCode).toBe(409);
  });

  it('hands ownership to another member: they become Owner and the old owner Admin, audited', async () => {
    const { owner, manager, companyId } = await team();
    const outsider = await signedInAccount(testApp, { role: 'company' });
    const toOutsider = await owner.call(teamContract.transferOwnership, { params: { id: outsider.user.id } });
    expect(toOutsider.statusCode).toBe(404);
    expect(toOutsider.error?.error).toBe(teamTexts.memberNotFound);
    const toSelf = await owner.call(teamContract.transferOwnership, { params: { id: owner.user.id } });
    expect(toSelf.error?.error).toBe(teamTexts.transferToYourself);

    const response = await owner.call(teamContract.transferOwnership, { params: { id: manager.user.id } });
    expect(response.statusCode, response.error?.error).toBe(200);
    expect(response.body).toMatchObject({ user_id: manager.user.id, role: 'owner' });
    expect(await roleOf(owner.user.id)).toBe('admin');
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company.ownership_transferred'), eq(auditLogs.targetId, companyId)));
    expect(audit).toMatchObject({ actorId: owner.user.id, details: { new_owner_id: manager.user.id } });
    // The old owner, now Admin, can leave; the new one cannot (the only owner).
    expect((await manager.call(teamContract.leave)).statusCode).toBe(409);
    expect((await owner.call(teamContract.leave)).statusCode).toBe(204);
  });

  it('refuses removing oneself (Leave is for that) and anyone outside the company', async () => {
    const { owner, admin } = await team();
    const self = await admin.call(teamContract.remove, { params: { id: admin.user.id } });
    expect(self.statusCode).toBe(409);
    expect(self.error?.error).toBe(teamTexts.removeYourself);
    const outsider = await signedInAccount(testApp, { role: 'company' });
    const other = await owner.call(teamContract.remove, { params: { id: outsider.user.id } });
    expect(other.statusCode).toBe(404);
    expect(await roleOf(outsider.user.id)).toBe('owner');
  });
});

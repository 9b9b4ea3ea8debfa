import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesContract } from '~/shared/contracts/companies';
import { adminPrivacyContract, privacyContract } from '~/shared/contracts/privacy';
import { type PrivacyRequest, privacyTexts } from '~/shared/privacy';
import { companies, companyMembers, jobHiringTeam, jobs, users } from '../db/schema';
import { buildJob } from '../seed/job-factories';
import { signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// A company is a team (docs/decisions/032): a member's data export names their membership; erasing a
// member takes them off the team and leaves the company, its jobs and its other members as they were;
// the last owner of a team hands it over before their account can go.
describe('privacy of a company member', () => {
  let testApp: TestApp;
  let admin: Account;

  const db = () => testApp.database.db;
  const askToDelete = (person: Account) =>
    person.call(privacyContract.requestDeletion, { body: { password: person.password ?? '' } });
  const complete = (request: Pick<PrivacyRequest, 'id'>) =>
    admin.call(adminPrivacyContract.complete, { params: { id: request.id } });
  const membersOf = async (companyId: string) =>
    (
      await db()
        .select({ userId: companyMembers.userId, role: companyMembers.role })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companyId))
    )
      .map((member) => `${member.userId}:${member.role}`)
      .sort();

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('exports a member’s membership: the company and their role in it', async () => {
    const owner = await companyAccount(testApp, 'Export Team Co');
    const billing = await signedInColleague(testApp, owner.companyId, 'billing');
    const response = await billing.call(privacyContract.exportData);
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array));
    expect(data.companies).toEqual([
      expect.objectContaining({ id: owner.companyId, name: 'Export Team Co', member_role: 'billing' }),
    ]);
    // A Billing member is not an owner: the company's invoices are not theirs to take away.
    expect(data.invoices).toEqual([]);
  });

  it('erases a member off the team and leaves the company, its jobs and its other members intact', async () => {
    const owner = await companyAccount(testApp, 'Erase Team Co');
    const hiring = await signedInColleague(testApp, owner.companyId, 'hiring_manager');
    const viewer = await signedInColleague(testApp, owner.companyId, 'viewer');
    const job = await buildJob(db(), { companyId: owner.companyId, status: 'open' });
    await db().insert(jobHiringTeam).values({ jobId: job.id, userId: hiring.user.id });

    const asked = await askToDelete(hiring);
    expect(asked.statusCode, asked.error?.error).toBe(201);
    const completed = await complete(asked.body);
    expect(completed.statusCode, completed.error?.error).toBe(200);

    expect(await membersOf(owner.companyId)).toEqual([`${owner.user.id}:owner`, `${viewer.user.id}:viewer`].sort());
    expect(await db().select().from(jobHiringTeam).where(eq(jobHiringTeam.userId, hiring.user.id))).toEqual([]);
    const [company] = await db().select().from(companies).where(eq(companies.id, owner.companyId));
    expect(company).toMatchObject({ name: 'Erase Team Co', status: 'active' });
    const [stillOpen] = await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id));
    expect(stillOpen?.status).toBe('open');
    // The owner still works as before.
    expect((await owner.call(companiesContract.dashboard)).statusCode).toBe(200);
  });

  it('holds back the last owner of a team until another member is an owner; the sole member goes as before', async () => {
    const owner = await companyAccount(testApp, 'Last Owner Co');
    const colleague = await signedInColleague(testApp, owner.companyId, 'admin');

    const refused = await askToDelete(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(privacyTexts.lastOwner);

    // A second owner: the first may go, and the company keeps its other owner.
    await db().update(companyMembers).set({ role: 'owner' }).where(eq(companyMembers.userId, colleague.user.id));
    const asked = await askToDelete(owner);
    expect(asked.statusCode, asked.error?.error).toBe(201);
    // Had the colleague stopped being an owner before the administrator got to it, the request waits.
    await db().update(companyMembers).set({ role: 'admin' }).where(eq(companyMembers.userId, colleague.user.id));
    const held = await complete(asked.body);
    expect(held.statusCode).toBe(409);
    expect(held.error?.error).toBe(privacyTexts.lastOwnerForAdministrators);
    await db().update(companyMembers).set({ role: 'owner' }).where(eq(companyMembers.userId, colleague.user.id));
    expect((await complete(asked.body)).statusCode).toBe(200);
    expect(await membersOf(owner.companyId)).toEqual([`${colleague.user.id}:owner`]);

    // The sole member of a company: their request is taken and completed, the company stays theirs.
    const alone = await companyAccount(testApp, 'Solo Co');
    const soloAsked = await askToDelete(alone);
    expect(soloAsked.statusCode, soloAsked.error?.error).toBe(201);
    expect((await complete(soloAsked.body)).statusCode).toBe(200);
    expect(await membersOf(alone.companyId)).toEqual([`${alone.user.id}:owner`]);
    const [erased] = await db().select({ status: users.status }).from(users).where(eq(users.id, alone.user.id));
    expect(erased?.status).toBe('suspended');
  });
});

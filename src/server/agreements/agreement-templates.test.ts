import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementPlaceholders, agreementTexts, type CreateAgreementTemplate } from '~/shared/agreements';
import { agreementsContract } from '~/shared/contracts/agreements';
import { auditLogs } from '../db/schema';
import { companyIdOf, signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const nda: CreateAgreementTemplate = {
  kind: 'nda',
  name: 'Harbor NDA',
  body: '# NDA\n{{talent_name}} keeps {{company_name}}’s secrets under {{governing_law}}.',
};

// Agreement templates (issue 57), through the API on a real database: Tandem's six defaults beside the company's
// own; each save of its own a new version, the ones before kept and never changed; unknown merge fields refused
// with a sentence; the Owner and Admins write, the hiring roles read, another company sees nothing.
describe('agreement templates', () => {
  let testApp: TestApp;
  let owner: Account;
  let companyId: string;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await signedInAccount(testApp, { role: 'company', name: 'Olive Owner', companyName: 'Harbor Goods' });
    companyId = await companyIdOf(testApp, owner.user.id);
  }, 60_000);
  afterAll(async () => {
    await testApp.close();
  });

  const list = (account: Account) => account.call(agreementsContract.templates, { query: { page: 1, page_size: 20 } });

  it('offers Tandem’s six defaults, each filled only with known merge fields', async () => {
    const answer = await list(owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.defaults.map((template) => [template.id, template.source])).toEqual([
      ['tandem-contractor_agreement', 'tandem'],
      ['tandem-nda', 'tandem'],
      ['tandem-ip_assignment', 'tandem'],
      ['tandem-statement_of_work', 'tandem'],
      ['tandem-offer_letter', 'tandem'],
      ['tandem-addendum', 'tandem'],
    ]);
    for (const template of answer.body.defaults) {
      expect(agreementPlaceholders.unknown(template.body), template.id).toEqual([]);
      expect(template.body).toContain('{{talent_name}}');
    }
    expect(answer.body).toMatchObject({ items: [], total: 0 });
  });

  it('creates a template, saves each change as a new version and keeps the ones before', async () => {
    const created = await owner.call(agreementsContract.createTemplate, { body: nda });
    expect(created.statusCode, created.rawPayload.toString()).toBe(201);
    expect(created.body).toMatchObject({ kind: 'nda', name: 'Harbor NDA', source: 'company', version: 1 });
    const id = created.body.id;

    const changed = { name: 'Harbor NDA (2027)', body: `${nda.body}\nIt lasts {{notice_period}} after the work.` };
    const saved = await owner.call(agreementsContract.updateTemplate, { params: { id }, body: changed });
    expect(saved.body).toMatchObject({ version: 2, name: 'Harbor NDA (2027)', updated_by_name: 'Olive Owner' });
    // The same text again makes no version.
    const same = await owner.call(agreementsContract.updateTemplate, { params: { id }, body: changed });
    expect(same.body.version).toBe(2);

    const versions = await owner.call(agreementsContract.templateVersions, {
      params: { id },
      query: { page: 1, page_size: 20 },
    });
    expect(versions.body).toMatchObject({ total: 2, page: 1 });
    expect(versions.body.items.map((version) => [version.version, version.name])).toEqual([
      [2, 'Harbor NDA (2027)'],
      [1, 'Harbor NDA'],
    ]);
    expect(versions.body.items[1]?.body).toBe(nda.body);
    // A version is never changed, whoever asks.
    await expect(
      db().execute(sql`update agreement_template_versions set body = 'changed' where template_id = ${id}`),
    ).rejects.toThrow();

    const listed = await list(owner);
    expect(listed.body.items.map((template) => [template.id, template.version])).toEqual([[id, 2]]);
    const trail = await db()
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, id), eq(auditLogs.actorId, owner.user.id)));
    expect(trail.map((row) => row.action).sort()).toEqual(['agreement_template.created', 'agreement_template.updated']);
  });

  it('refuses unknown merge fields, an empty text and no kind, each with its sentence', async () => {
    const unknown = await owner.call(agreementsContract.createTemplate, {
      body: { ...nda, body: 'Dear {{first_name}}, welcome to {{company}}.' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error?.fields?.body).toBe(agreementPlaceholders.unknownMessage(['{{first_name}}', '{{company}}']));
    const empty = await owner.call(agreementsContract.createTemplate, { body: { ...nda, body: '  ' } });
    expect(empty.error?.fields?.body).toBe(agreementTexts.bodyRequired);
    const noKind = await owner.call(agreementsContract.createTemplate, {
      body: { ...nda, kind: 'lease' as CreateAgreementTemplate['kind'] },
    });
    expect(noKind.error?.fields?.kind).toBe(agreementTexts.kindRequired);
  });

  it('lets the hiring roles read but not write, and another company neither', async () => {
    const created = await owner.call(agreementsContract.createTemplate, { body: { ...nda, name: 'Shared NDA' } });
    const id = created.body.id;
    const manager = await signedInColleague(testApp, companyId, 'hiring_manager');
    expect((await list(manager)).body.items.some((template) => template.id === id)).toBe(true);
    const refused = await manager.call(agreementsContract.updateTemplate, { params: { id }, body: nda });
    expect(refused.statusCode).toBe(403);
    const admin = await signedInColleague(testApp, companyId, 'admin');
    expect((await admin.call(agreementsContract.updateTemplate, { params: { id }, body: nda })).statusCode).toBe(200);

    const stranger = await signedInAccount(testApp, { role: 'company', companyName: 'Other Co' });
    expect((await list(stranger)).body.items).toEqual([]);
    const notTheirs = await stranger.call(agreementsContract.updateTemplate, { params: { id }, body: nda });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.error?.error).toBe(agreementTexts.notFound);
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    expect((await list(applicant)).statusCode).toBe(403);
  });

  it('archives a template: offered no more, its versions kept', async () => {
    const created = await owner.call(agreementsContract.createTemplate, { body: { ...nda, name: 'Old NDA' } });
    const id = created.body.id;
    expect((await owner.call(agreementsContract.archiveTemplate, { params: { id } })).statusCode).toBe(204);
    expect((await list(owner)).body.items.some((template) => template.id === id)).toBe(false);
    expect((await owner.call(agreementsContract.archiveTemplate, { params: { id } })).statusCode).toBe(404);
    const versions = await owner.call(agreementsContract.templateVersions, {
      params: { id },
      query: { page: 1, page_size: 20 },
    });
    expect(versions.body.items.map((version) => version.name)).toEqual(['Old NDA']);
  });
});

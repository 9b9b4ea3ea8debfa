import { eq } from 'drizzle-orm';
import type { NotificationType } from '~/shared/applications';
import type { Database } from '../db/client';
import { companyMembers } from '../db/schema';
import { notify } from '../notifications/notify';

// Work has no notification kinds of its own (a new kind needs a migration): the talent hears of their
// assignment and their weeks as changes to what they applied for, and the company of a submitted week
// as of a submitted test, both things handed in for its review. The email preferences follow suit.
const toTalentType: NotificationType = 'application_stage_changed';
const toCompanyType: NotificationType = 'test_submitted';

export interface WorkNotice {
  title: string;
  body: string;
  link: string;
}

export async function notifyTalent(db: Database, applicantId: string, notice: WorkNotice): Promise<void> {
  await notify(db, { userId: applicantId, type: toTalentType, ...notice });
}

export async function notifyCompany(db: Database, companyId: string, notice: WorkNotice): Promise<void> {
  const members = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  await notify(
    db,
    members.map((member) => ({ userId: member.userId, type: toCompanyType, ...notice })),
  );
}

export const formatRate = (cents: number) => `$${(cents / 100).toFixed(2)} an hour`;

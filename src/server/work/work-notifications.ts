import { eq } from 'drizzle-orm';
import type { NotificationType } from '~/shared/applications';
import type { Database } from '../db/client';
import { companyMembers } from '../db/schema';
import { notify } from '../platform/notify';

interface WorkNotice {
  type: Extract<NotificationType, 'assignment_changed' | 'timesheet_submitted' | 'timesheet_reviewed'>;
  title: string;
  body: string;
  link: string;
}

export async function notifyTalent(db: Database, applicantId: string, notice: WorkNotice): Promise<void> {
  await notify(db, { userId: applicantId, ...notice });
}

export async function notifyCompany(db: Database, companyId: string, notice: WorkNotice): Promise<void> {
  const members = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  await notify(
    db,
    members.map((member) => ({ userId: member.userId, ...notice })),
  );
}

export const formatRate = (cents: number) => `$${(cents / 100).toFixed(2)} an hour`;

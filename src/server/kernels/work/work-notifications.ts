import type { NotificationType } from '~/shared/applications';
import type { Permission } from '~/shared/permissions';
import type { Database } from '../../db/client';
import { companyRecipients } from '../notices/company-recipients';
import { notify } from '../notices/notify';

interface WorkNotice {
  type: Extract<
    NotificationType,
    'assignment_changed' | 'timesheet_submitted' | 'timesheet_reviewed' | 'milestone_changed'
  >;
  title: string;
  body: string;
  link: string;
}

export async function notifyTalent(db: Database, applicantId: string, notice: WorkNotice): Promise<void> {
  await notify({ db, items: { userId: applicantId, ...notice } });
}

// Who in the company a work notice is for: timesheets to approve go to those who approve them, a change
// to an assignment to those who read assignments. Work is past hiring: a job's hiring team does not narrow it.
const permissionFor: Record<WorkNotice['type'], Permission> = {
  timesheet_submitted: 'update:timesheet:own',
  timesheet_reviewed: 'read:timesheet:own',
  assignment_changed: 'read:assignment:own',
  // A submission to approve goes to those who approve it.
  milestone_changed: 'update:milestone:own',
};

export async function notifyCompany(db: Database, companyId: string, notice: WorkNotice): Promise<void> {
  const recipients = await companyRecipients({ db, companyId, permission: permissionFor[notice.type] });
  await notify({ db, items: recipients.map((userId) => ({ userId, ...notice })) });
}

export const formatRate = (cents: number) => `$${(cents / 100).toFixed(2)} an hour`;

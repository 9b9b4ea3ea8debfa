import { eq } from 'drizzle-orm';
import { meetingTexts, meetingTypeLabels, type ScheduleCallInput } from '~/shared/meetings';
import { companies } from '../db/schema';
import { AppError } from '../platform/errors';
import {
  checkMeetingStart,
  createMeetingRecord,
  requireOwnTimeZone,
  type ScheduledMeeting,
  type SchedulingOptions,
} from './create-meeting-record';

// The company dashboard's Schedule Call: a check-in between a company member and the company's account
// manager. A company without a manager is told so (409) instead of booking a call nobody takes.
export async function scheduleAccountManagerCall({
  db,
  jobs,
  companyId,
  organizerId,
  mailer,
  publicUrl,
  input,
  ipAddress,
  now = new Date(),
}: SchedulingOptions & {
  input: Required<Pick<ScheduleCallInput, 'starts_at' | 'duration_minutes'>> &
    Pick<ScheduleCallInput, 'notes' | 'call_link'>;
}): Promise<ScheduledMeeting> {
  const startsAt = new Date(input.starts_at);
  checkMeetingStart(startsAt, now);
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ name: companies.name, accountManagerId: companies.accountManagerId })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company?.accountManagerId) throw new AppError('conflict', meetingTexts.noAccountManager);
    await requireOwnTimeZone(tx, organizerId);
    return createMeetingRecord({
      tx,
      jobs,
      mailer,
      publicUrl,
      organizerId,
      inviteeId: company.accountManagerId,
      companyId,
      companyName: company.name,
      applicationId: null,
      type: 'check_in',
      title: `${meetingTypeLabels.check_in}: ${company.name} and its account manager`,
      notes: input.notes,
      callLink: input.call_link,
      startsAt,
      durationMinutes: input.duration_minutes,
      ipAddress,
      now,
    });
  });
}

import type { Logger } from 'pino';
import type { NotificationType } from '~/shared/applications';
import { type MeetingReminderLead, meetingReminderLeads } from '~/shared/meetings';
import type { Role } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { notify } from '../kernels/notices/notify';
import type { JobQueue } from '../platform/job-queue';
import type { LiveHub } from '../platform/live-hub';
import type { ParticipantRow } from './meeting-views';

// Where a participant opens the meeting: their portal's meetings page with it selected. Account
// managers work in the company portal.
export function meetingHref(role: Role, meetingId: string): string {
  const page = role === 'applicant' ? paths.applicantMeetings : paths.companyMeetings;
  return `${page.getHref()}?meeting=${encodeURIComponent(meetingId)}`;
}

// Tells every participant but the one who acted, each in words of their own (their time zone).
export async function notifyOtherParticipants(
  db: Database,
  {
    meetingId,
    participants,
    actorId,
    type,
    describe,
  }: {
    meetingId: string;
    participants: ParticipantRow[];
    actorId: string;
    type: NotificationType;
    describe: (participant: ParticipantRow) => { title: string; body: string };
  },
): Promise<void> {
  await notify({
    db,
    items: participants
      .filter((participant) => participant.userId !== actorId)
      .map((participant) => ({
        userId: participant.userId,
        type,
        ...describe(participant),
        link: meetingHref(participant.role, meetingId),
      })),
  });
}

// The email reminders of a meeting at this sequence: one job per lead still ahead, queued in the
// transaction of the change, so they exist exactly when it does. A later sequence (rescheduled) makes
// new jobs; the old ones find the sequence moved on and do nothing.
export async function enqueueMeetingReminders({
  jobs,
  meeting,
  transaction,
  now = new Date(),
}: {
  jobs: JobQueue;
  meeting: { id: string; sequence: number; startsAt: Date };
  transaction?: Database;
  now?: Date;
}): Promise<void> {
  for (const [lead, minutes] of Object.entries(meetingReminderLeads) as Array<[MeetingReminderLead, number]>) {
    const startAfter = new Date(meeting.startsAt.getTime() - minutes * 60_000);
    if (startAfter.getTime() <= now.getTime()) continue;
    await jobs.send(
      'meeting-reminder',
      { meetingId: meeting.id, sequence: meeting.sequence, lead },
      { startAfter, singletonKey: `${meeting.id}:${meeting.sequence}:${lead}`, transaction },
    );
  }
}

// After a committed change every participant's open calendars refetch. A missed event is made good
// when the tab catches up after a reconnect, so a failure is logged and the change stands.
export async function publishMeetingChange({
  live,
  logger,
  meetingId,
  participantIds,
}: {
  live: LiveHub;
  logger: Pick<Logger, 'error'>;
  meetingId: string;
  participantIds: string[];
}): Promise<void> {
  try {
    await live.send(participantIds, { type: 'meeting.changed', meeting_id: meetingId });
  } catch (error) {
    logger.error({ err: error, meetingId }, 'the meeting change could not be sent live');
  }
}

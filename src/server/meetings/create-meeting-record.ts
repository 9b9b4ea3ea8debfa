import { randomBytes } from 'node:crypto';
import { MEETING_MAX_DAYS_AHEAD, type MeetingType, meetingTexts, meetingTimeFor } from '~/shared/meetings';
import type { Database } from '../db/client';
import { meetingParticipants, meetings } from '../db/schema';
import { findOwnTimeZone } from '../kernels/identity/own-time-zones';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import type { Mailer } from '../mail/mailer';
import { meetingInvitationEmail } from '../mail/templates/meeting-invitation';
import { AppError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { emailMeetingChange, othersThan } from './email-meeting-change';
import { enqueueMeetingCopies } from './enqueue-meeting-copies';
import { endsAtOf, type MeetingRow, type ParticipantRow } from './meeting-views';
import { enqueueMeetingReminders } from './publish-meeting-change';
import { recordMeetingChange } from './record-meeting-change';

const DAY_MS = 86_400_000;

// A company member scheduling for their company.
export interface SchedulingOptions {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  companyId: string;
  organizerId: string;
  ipAddress?: string;
  now?: Date;
}

export interface ScheduledMeeting {
  meeting: MeetingRow;
  participants: ParticipantRow[];
}

// A meeting starts ahead of now, and not absurdly far ahead (a mistyped year).
export function checkMeetingStart(startsAt: Date, now: Date): void {
  if (startsAt.getTime() <= now.getTime()) {
    throw new AppError('validation', meetingTexts.startsInPast, { starts_at: meetingTexts.startsInPast });
  }
  if (startsAt.getTime() > now.getTime() + MEETING_MAX_DAYS_AHEAD * DAY_MS) {
    throw new AppError('validation', meetingTexts.tooFarAhead, { starts_at: meetingTexts.tooFarAhead });
  }
}

const invitationPhrases: Record<MeetingType, string> = {
  interview: 'an interview',
  intro: 'an intro call',
  check_in: 'a check-in',
};

// The person who puts a meeting at a time chose it in their own zone, and the others read it in theirs:
// without a zone of their own they are asked for it first (docs/decisions/022), never given UTC unsaid.
export async function requireOwnTimeZone(db: Database, userId: string): Promise<void> {
  if (!(await findOwnTimeZone({ db, userId }))) throw new AppError('conflict', meetingTexts.ownTimeZoneRequired);
}

// "Tue, Mar 10, 10:00 PM (Asia/Manila)": a time as the person reads it, in their own zone.
export const timeFor = (at: Date, participant: ParticipantRow) => meetingTimeFor(at, participant.timeZone);

// The meeting, its people (the organizer has accepted by scheduling; the invitee is asked), the
// invitee's notification, everyone's invitation email, the audit row and the reminders, in the caller's
// transaction.
export async function createMeetingRecord({
  tx,
  jobs,
  mailer,
  publicUrl,
  organizerId,
  inviteeId,
  companyId,
  companyName,
  applicationId,
  type,
  title,
  notes,
  callLink,
  startsAt,
  durationMinutes,
  ipAddress,
  now,
  colleagueIds = [],
  bookedById,
}: {
  tx: Database;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  organizerId: string;
  inviteeId: string;
  companyId: string;
  companyName: string;
  applicationId: string | null;
  type: MeetingType;
  title: string;
  notes: string | undefined;
  callLink: string | undefined;
  startsAt: Date;
  durationMinutes: number;
  ipAddress?: string;
  now: Date;
  // The organizer's colleagues who join as hosts (a booking link's), asked like the invitee.
  colleagueIds?: string[];
  // The invitee who booked the time from a booking link (docs/decisions/031): they have accepted it,
  // and the hosts are told of the booking instead of the invitee being invited.
  bookedById?: string;
}): Promise<ScheduledMeeting> {
  const [meeting] = await tx
    .insert(meetings)
    .values({
      organizerId,
      companyId,
      applicationId,
      type,
      title,
      notes: notes ?? null,
      callLink: callLink ?? null,
      startsAt,
      durationMinutes,
      // The secret part of the join link: unguessable, and the same for every participant.
      roomToken: randomBytes(18).toString('base64url'),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!meeting) throw new Error('The meeting was not stored.');
  await tx
    .insert(meetingParticipants)
    .values([
      { meetingId: meeting.id, userId: organizerId, response: 'accepted', respondedAt: now },
      bookedById === inviteeId
        ? { meetingId: meeting.id, userId: inviteeId, response: 'accepted' as const, respondedAt: now }
        : { meetingId: meeting.id, userId: inviteeId, response: 'pending' as const },
      ...colleagueIds.map((userId) => ({ meetingId: meeting.id, userId, response: 'pending' as const })),
    ]);
  const { participants } = await recordMeetingChange(tx, {
    meetingId: meeting.id,
    actorId: bookedById ?? organizerId,
    ipAddress,
    notification: {
      type: 'meeting_invited',
      describe: (participant, actorName) =>
        bookedById
          ? {
              title: `${actorName} booked ${title}`,
              body: `${timeFor(startsAt, participant)}, ${durationMinutes} minutes, from a booking link.`,
            }
          : {
              title: `${companyName} invited you to ${invitationPhrases[type]}`,
              body: `${title} · ${timeFor(startsAt, participant)}. Accept or decline it on your Meetings page.`,
            },
    },
    audit: {
      action: 'meeting.scheduled',
      details: {
        type,
        starts_at: startsAt.toISOString(),
        duration_minutes: durationMinutes,
        invitee_id: inviteeId,
        ...(bookedById ? { booked_from_link: true } : {}),
        ...(callLink ? { call_link: callLink } : {}),
      },
    },
  });
  await emailMeetingChange(tx, {
    mailer,
    publicUrl,
    meeting,
    participants,
    method: 'REQUEST',
    emailFor: (participant, links) =>
      meetingInvitationEmail({
        name: participant.name,
        isOrganizer: participant.userId === organizerId,
        bookedBy: bookedById
          ? participant.userId === bookedById
            ? 'you'
            : (participants.find((other) => other.userId === bookedById)?.name ?? 'The applicant')
          : null,
        companyName,
        kind: invitationPhrases[type],
        title,
        others: othersThan(participants, participant),
        startsAt: timeFor(startsAt, participant),
        durationMinutes,
        notes: notes ?? null,
        ...links,
      }),
  });
  await enqueueMeetingReminders({ jobs, meeting, transaction: tx, now });
  await enqueueMeetingCopies({ jobs, transaction: tx, meetingId: meeting.id });
  await emitWebhookEvent({
    db: tx,
    companyId,
    type: 'meeting.scheduled',
    data: {
      meeting_id: meeting.id,
      title,
      starts_at: startsAt.toISOString(),
      ends_at: endsAtOf(meeting).toISOString(),
    },
  });
  return { meeting, participants };
}

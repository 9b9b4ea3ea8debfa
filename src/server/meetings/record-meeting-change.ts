import type { NotificationType } from '~/shared/applications';
import type { Database } from '../db/client';
import { type AuditAction, recordAuditEvent } from '../platform/record-audit-event';
import { findParticipants, type ParticipantRow } from './meeting-views';
import { notifyOtherParticipants } from './publish-meeting-change';

// What every change to a meeting leaves behind, in its transaction: a notification to each of the
// other participants (in their own words and zone) and the audit row. Returns everyone in it, for the
// live event once the change is committed.
export async function recordMeetingChange(
  tx: Database,
  {
    meetingId,
    actorId,
    ipAddress,
    notification,
    audit,
  }: {
    meetingId: string;
    actorId: string;
    ipAddress?: string;
    notification: {
      type: NotificationType;
      describe: (participant: ParticipantRow, actorName: string) => { title: string; body: string };
    };
    audit: { action: AuditAction; details: Record<string, unknown> };
  },
): Promise<{ participants: ParticipantRow[]; participantIds: string[] }> {
  const participants = await findParticipants(tx, [meetingId]);
  const actorName = participants.find((participant) => participant.userId === actorId)?.name ?? 'A participant';
  await notifyOtherParticipants(tx, {
    meetingId,
    participants,
    actorId,
    type: notification.type,
    describe: (participant) => notification.describe(participant, actorName),
  });
  await recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action: audit.action,
      targetType: 'meeting',
      targetId: meetingId,
      details: audit.details,
      ipAddress,
    },
  });
  return { participants, participantIds: participants.map((participant) => participant.userId) };
}

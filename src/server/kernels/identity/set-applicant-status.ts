import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { endSessionsOf } from './end-sessions-of';

// An applicant suspended, or made active again, whoever asks (Applicant Management's bulk action, the operator's
// `ops users suspend`): in one transaction the status, at suspension the end of every session of theirs, and the
// audit row. Answers whose sessions ended, for the caller to tell their open tabs. actorId null: no signed-in
// person asked (the ops command); `details` says more of who and why.
export async function setApplicantStatus({
  db,
  applicant,
  status,
  actorId,
  ipAddress,
  details = {},
}: {
  db: Database;
  applicant: { id: string; name: string; status: string };
  status: 'active' | 'suspended';
  actorId: string | null;
  ipAddress?: string;
  details?: Record<string, unknown>;
}): Promise<{ sessionsEnded: number; signedOutUserIds: string[] }> {
  return db.transaction(async (tx) => {
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, applicant.id));
    const { sessionsEnded, userIds } =
      status === 'suspended'
        ? await endSessionsOf({ db: tx, userIds: [applicant.id] })
        : { sessionsEnded: 0, userIds: [] };
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: status === 'suspended' ? 'applicant.suspended' : 'applicant.activated',
        targetType: 'user',
        targetId: applicant.id,
        details: {
          name: applicant.name,
          before: { status: applicant.status },
          after: { status },
          ...(status === 'suspended' && { sessions_ended: sessionsEnded }),
          ...details,
        },
        ipAddress,
      },
    });
    return { sessionsEnded, signedOutUserIds: userIds };
  });
}

import type { OwnTimeZone } from '~/shared/meetings';
import type { Role } from '~/shared/permissions';
import type { Database } from '../db/client';
import { writeOwnTimeZone } from '../kernels/identity/own-time-zones';
import { recordAuditEvent } from '../platform/record-audit-event';

// The person chooses their own time zone (Settings, or the question a scheduling dialog asks first):
// kept where their role keeps it (docs/decisions/022), audited with what it was before.
export async function updateTimeZone({
  db,
  actorId,
  role,
  timeZone,
  ipAddress,
}: {
  db: Database;
  actorId: string;
  role: Role;
  timeZone: string;
  ipAddress?: string;
}): Promise<OwnTimeZone> {
  await db.transaction(async (tx) => {
    const { before } = await writeOwnTimeZone({ db: tx, userId: actorId, role, timeZone });
    if (before === timeZone) return;
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'account.time_zone_changed',
        targetType: 'user',
        targetId: actorId,
        details: { before, after: timeZone },
        ipAddress,
      },
    });
  });
  return { time_zone: timeZone };
}

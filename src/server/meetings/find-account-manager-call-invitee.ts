import { eq } from 'drizzle-orm';
import type { AccountManagerCallInvitee } from '~/shared/meetings';
import type { Database } from '../db/client';
import { applicantProfiles, companies, users } from '../db/schema';
import { knownTimeZone, ownTimeZoneColumn } from '../kernels/identity/own-time-zones';

// Who the dashboard's Schedule Call would invite: the company's account manager and their zone, so the
// dialog shows the time on both sides before booking. None yet: null (booking it is then a 409).
export async function findAccountManagerCallInvitee({
  db,
  companyId,
}: {
  db: Database;
  companyId: string;
}): Promise<AccountManagerCallInvitee> {
  const [manager] = await db
    .select({ name: users.name, timeZone: ownTimeZoneColumn })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.accountManagerId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(eq(companies.id, companyId));
  return { account_manager: manager ? { name: manager.name, time_zone: knownTimeZone(manager.timeZone) } : null };
}

import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaxDataReaders } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { adminGrants, users } from '../db/schema';

// Every administrator, and who gave each the tax data reader grant and when (none: not a reader).
export async function findTaxDataReaders({
  db,
  viewerId,
}: {
  db: Database;
  viewerId: string;
}): Promise<TaxDataReaders> {
  const giver = alias(users, 'giver');
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      grantedAt: adminGrants.grantedAt,
      grantedBy: giver.name,
    })
    .from(users)
    .leftJoin(adminGrants, and(eq(adminGrants.userId, users.id), eq(adminGrants.grant, 'tax_data_reader')))
    .leftJoin(giver, eq(giver.id, adminGrants.grantedBy))
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.name), asc(users.id));
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      granted_at: row.grantedAt?.toISOString() ?? null,
      granted_by: row.grantedBy ?? null,
      is_you: row.id === viewerId,
    })),
  };
}

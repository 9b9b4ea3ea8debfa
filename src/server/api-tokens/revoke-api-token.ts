import { and, eq } from 'drizzle-orm';
import { apiTokenTexts } from '~/shared/api-tokens';
import { apiTokens } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { isActive, type Owner } from './manage-api-tokens';

// Revokes one of the person's own tokens; someone else's is "not found", as is one already revoked.
export async function revokeApiToken({ db, userId, ipAddress, id }: Owner & { id: string }): Promise<void> {
  await db.transaction(async (transaction) => {
    const [row] = await transaction
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), isActive(userId)))
      .returning();
    if (!row) throw new AppError('not_found', apiTokenTexts.notFound);
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId: userId,
        action: 'api_token.revoked',
        targetType: 'api_token',
        targetId: row.id,
        details: {
          name: row.name,
          token_prefix: row.tokenPrefix,
          before: { revoked_at: null },
          after: { revoked_at: row.revokedAt?.toISOString() },
        },
        ipAddress,
      },
    });
  });
}

import type { z } from 'zod';
import type { BulkMoveResult, bulkMoveSchema } from '~/shared/pipeline';
import type { Database } from '../db/client';
import { moveApplication } from '../kernels/hiring/move-application';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';

// Shortlists, moves to interviewing or rejects several applications; each id gets its own outcome, so
// one application that cannot move (one already hired, say) does not stop the others. Another
// company's application is reported not_found, as if it did not exist.
export async function bulkMoveApplications({
  db,
  mailer,
  companyId,
  actorId,
  ipAddress,
  input,
}: {
  db: Database;
  mailer?: Mailer;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  input: z.output<typeof bulkMoveSchema>;
}): Promise<BulkMoveResult> {
  const results: BulkMoveResult['results'] = [];
  for (const id of new Set(input.ids)) {
    try {
      const moved = await moveApplication({
        db,
        mailer,
        applicationId: id,
        to: input.to,
        actor: { mover: 'company', actorId, companyId },
        rejectionReason: input.reason,
        ipAddress,
        auditDetails: { bulk: true },
      });
      results.push({ id, outcome: 'moved', status: moved.status });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'not_found') results.push({ id, outcome: 'not_found' });
      else results.push({ id, outcome: 'skipped', error: error.message });
    }
  }
  return { results, moved: results.filter((result) => result.outcome === 'moved').length };
}

import type { BulkJobInput, BulkJobResult } from '~/shared/jobs';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { changeJobStatus } from './change-job-status';

// Pause, resume or archive several jobs; each id gets its own outcome, so one job that cannot move
// (a draft asked to pause) does not stop the others. Another company's job is reported not_found.
export async function bulkChangeJobs({
  db,
  companyId,
  input,
  actorId,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  input: BulkJobInput;
  actorId: string;
  ipAddress?: string;
}): Promise<BulkJobResult> {
  const results: BulkJobResult['results'] = [];
  for (const id of new Set(input.ids)) {
    try {
      const moved = await changeJobStatus({
        db,
        companyId,
        id,
        transition: input.action,
        actorId,
        ipAddress,
        auditDetails: { bulk: true },
      });
      results.push({ id, outcome: 'updated', status: moved.status });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'not_found') results.push({ id, outcome: 'not_found' });
      else results.push({ id, outcome: 'skipped', error: error.message });
    }
  }
  return { results, updated: results.filter((result) => result.outcome === 'updated').length };
}

import type { BulkJobResult } from '~/shared/jobs';

export type BulkAction = 'pause' | 'resume' | 'archive';

// The toast after a bulk action (docs/spec/portal-and-public-site.md §8: 'Jobs paused/resumed/archived' with
// the count), and what happened to the jobs that could not move: an illegal move for their status, or gone
// meanwhile.

const titles: Record<BulkAction, string> = {
  pause: 'Jobs paused',
  resume: 'Jobs resumed',
  archive: 'Jobs archived',
};

const participles: Record<BulkAction, string> = { pause: 'paused', resume: 'resumed', archive: 'archived' };

const jobs = (count: number) => `${count} job${count === 1 ? '' : 's'}`;

export function describeBulkResult(
  action: BulkAction,
  result: BulkJobResult,
): { title: string; description: string; isFailure: boolean } {
  const sentences = [`${jobs(result.updated)} ${participles[action]}.`];
  const skippedByReason = new Map<string, number>();
  let missing = 0;
  for (const item of result.results) {
    if (item.outcome === 'skipped') {
      const reason = item.error ?? `Not possible for this job's status.`;
      skippedByReason.set(reason, (skippedByReason.get(reason) ?? 0) + 1);
    } else if (item.outcome === 'not_found') {
      missing += 1;
    }
  }
  for (const [reason, count] of skippedByReason) sentences.push(`${count} skipped: ${reason}`);
  if (missing > 0) sentences.push(`${jobs(missing)} no longer found.`);
  const isFailure = result.updated === 0;
  return {
    title: isFailure ? `No jobs ${participles[action]}` : titles[action],
    description: sentences.join(' '),
    isFailure,
  };
}

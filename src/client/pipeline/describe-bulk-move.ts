import type { BulkMoveResult, BulkMoveTarget } from '~/shared/pipeline';

// The notification after a bulk move: how many moved, and why the others did not (a stage that does not
// allow the move, or an application no longer there).

const titles: Record<BulkMoveTarget, string> = {
  shortlisted: 'Applications shortlisted',
  interviewing: 'Moved to Interviewing',
  rejected: 'Applications rejected',
};
const participles: Record<BulkMoveTarget, string> = {
  shortlisted: 'shortlisted',
  interviewing: 'moved to interviewing',
  rejected: 'rejected',
};

const applications = (count: number) => `${count} application${count === 1 ? '' : 's'}`;

export function describeBulkMove(
  to: BulkMoveTarget,
  result: BulkMoveResult,
): { title: string; description: string; isFailure: boolean } {
  const sentences = [`${applications(result.moved)} ${participles[to]}.`];
  const skippedByReason = new Map<string, number>();
  let missing = 0;
  for (const item of result.results) {
    if (item.outcome === 'skipped') {
      const reason = item.error ?? 'Its stage does not allow this move.';
      skippedByReason.set(reason, (skippedByReason.get(reason) ?? 0) + 1);
    } else if (item.outcome === 'not_found') {
      missing += 1;
    }
  }
  for (const [reason, count] of skippedByReason) sentences.push(`${count} skipped: ${reason}`);
  if (missing > 0) sentences.push(`${applications(missing)} no longer found.`);
  const isFailure = result.moved === 0;
  return {
    title: isFailure ? `No applications ${participles[to]}` : titles[to],
    description: sentences.join(' '),
    isFailure,
  };
}

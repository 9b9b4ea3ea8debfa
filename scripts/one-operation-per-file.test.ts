import { describe, expect, it } from 'vitest';
import { operationsByFile } from './operation-files';

// One operation per file, named for it (docs/style.md): a file that changes stored state does one thing, so its
// name says what and a reader finds the rule where its name points. The files below still hold several; each is
// split when next changed, and taken off the list then. No file may join it.
const SPLIT_LEFT = [
  'src/server/api-tokens/manage-api-tokens.ts',
  'src/server/assessments/close-attempt.ts',
  'src/server/auth/two-factor.ts',
  'src/server/fixed-price/milestone-disputes.ts',
  'src/server/fixed-price/milestone-files.ts',
  'src/server/fixed-price/milestone-proposals.ts',
  'src/server/fixed-price/move-milestone.ts',
  'src/server/jobs/hiring-team.ts',
  'src/server/meetings/booking-links.ts',
  'src/server/messaging/manage-message-templates.ts',
  'src/server/payouts/payout-run-records.ts',
  'src/server/platform/file-store.ts',
  'src/server/talent-search/shortlist-candidate.ts',
  'src/server/teams/change-member-role.ts',
  'src/server/teams/manage-invitations.ts',
  'src/server/work/clock-break.ts',
  'src/server/kernels/hiring/assign-tests.ts',
  'src/server/kernels/identity/one-time-tokens.ts',
  'src/server/kernels/identity/sessions.ts',
  'src/server/kernels/payments/payment-methods.ts',
  'src/server/kernels/work/assignment-views.ts',
  'src/server/kernels/work/review-records.ts',
];

describe('server operations', () => {
  const severalOperations = [...operationsByFile()].filter(([, names]) => names.length > 1).map(([file]) => file);

  it('are one to a file, but for the files still to split', () => {
    expect(severalOperations.filter((file) => !SPLIT_LEFT.includes(file))).toEqual([]);
  });

  it('leave the list as each file is split', () => {
    expect(SPLIT_LEFT.filter((file) => !severalOperations.includes(file))).toEqual([]);
  });
});

import { type AgreementParty, signingTexts } from '~/shared/agreements';
import type { agreements } from '../db/schema';
import { isExpired } from '../kernels/agreements/agreement-gate';
import { AppError } from '../platform/errors';

// Whether this party may sign this agreement now, in the words that say why not (decision 056): the talent
// first, then the company when it countersigns; never twice, never once it is closed or past its time.
export function requireSignable(
  agreement: Pick<typeof agreements.$inferSelect, 'status' | 'expiresAt' | 'countersign'>,
  party: AgreementParty,
  now: Date,
): void {
  const { status } = agreement;
  if (status === 'declined' || status === 'voided') throw new AppError('conflict', signingTexts.notOpen);
  if (party === 'talent' && status !== 'awaiting_talent') throw new AppError('conflict', signingTexts.alreadySigned);
  if (party === 'company') {
    if (!agreement.countersign) throw new AppError('conflict', signingTexts.noCountersign);
    if (status === 'awaiting_talent') throw new AppError('conflict', signingTexts.notYourTurn);
    if (status === 'completed') throw new AppError('conflict', signingTexts.alreadySigned);
  }
  if (isExpired(agreement, now)) throw new AppError('conflict', signingTexts.expired);
}

// The emailed code is tied to the person and to the agreement: a code for one agreement signs no other.
export const signingCodeKey = (userId: string, agreementId: string, code: string) =>
  `agreement:${userId}:${agreementId}:${code}`;

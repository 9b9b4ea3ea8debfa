import { authMessages, type TwoFactorStage } from '~/shared/auth';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { assertCompanyActive } from '../kernels/identity/assert-company-active';
import { AppError } from '../platform/errors';
import { type SignedInUser, startSession } from './start-session';

export interface PendingTwoFactor {
  userId: string;
  stage: TwoFactorStage;
  redirectTo: string | null;
}

export type SignInOutcome =
  | { status: 'two_factor_required'; pending: PendingTwoFactor }
  | ({ status: 'signed_in'; email: string } & Awaited<ReturnType<typeof startSession>>);

// The last step of every sign-in (password, registration, identity provider): administrators must be
// on the allow-list and, when the setting asks for it or the sign-in was stepped up (the account is
// under attack), give a second factor first. The demo administrator alone is exempt from the setting.
export async function finishSignIn({
  db,
  settings,
  adminEmails,
  user,
  method,
  redirectTo,
  isSteppedUp = false,
  ipAddress,
  userAgent,
}: {
  db: Database;
  settings: PlatformSettings;
  adminEmails: string[];
  user: SignedInUser;
  method: string;
  redirectTo: string | null;
  isSteppedUp?: boolean;
  ipAddress?: string;
  userAgent?: string;
}): Promise<SignInOutcome> {
  if (user.role === 'admin') {
    if (!adminEmails.includes(user.email)) throw new AppError('forbidden', authMessages.adminNotAuthorized);
    const isRequiredBySetting = settings.admin_two_factor && !user.twoFactorExempt;
    const isRequiredByStepUp = isSteppedUp && user.totpEnabledAt !== null;
    if (isRequiredBySetting || isRequiredByStepUp) {
      const stage: TwoFactorStage = user.totpEnabledAt ? 'verify' : 'enroll';
      return { status: 'two_factor_required', pending: { userId: user.id, stage, redirectTo } };
    }
  }
  if (user.role === 'company') await assertCompanyActive({ db, userId: user.id });
  const session = await startSession({ db, user, method, redirectTo, ipAddress, userAgent });
  return { status: 'signed_in', email: user.email, ...session };
}

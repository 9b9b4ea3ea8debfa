import type { Database } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { verificationEmail } from '../../mail/templates/verification';
import { issueOneTimeToken } from './one-time-tokens';

// `next`: where the person was going when they registered (a job they meant to apply to), a path on this site.
export function verifyEmailUrl(publicUrl: string, token: string, next?: string | null) {
  const query = new URLSearchParams({ token, ...(next && { next }) });
  return `${publicUrl}/verify-email?${query}`;
}

interface EmailVerificationOptions<User> {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  user: User;
  next?: string | null;
}

// Sends (or sends again) the link that confirms the account's address.
export async function startEmailVerification({
  db,
  mailer,
  publicUrl,
  user,
  next,
}: EmailVerificationOptions<{ id: string; email: string; name: string }>) {
  const token = await issueOneTimeToken({ db, userId: user.id, purpose: 'verify_email', email: user.email });
  await mailer.send(user.email, verificationEmail({ name: user.name, url: verifyEmailUrl(publicUrl, token, next) }));
}

// The banner's "send it again": nothing to do once the address is confirmed.
export async function resendEmailVerification(
  options: EmailVerificationOptions<{ id: string; email: string; name: string; emailVerified: boolean }>,
): Promise<{ message: string }> {
  const { user } = options;
  if (user.emailVerified) return { message: 'Your email address is already confirmed.' };
  await startEmailVerification(options);
  return { message: `We sent a new confirmation link to ${user.email}.` };
}

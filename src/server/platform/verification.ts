import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { verificationEmail } from '../mail/templates/verification';
import { issueOneTimeToken } from './one-time-tokens';

export function verifyEmailUrl(publicUrl: string, token: string) {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

interface EmailVerificationOptions<User> {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  user: User;
}

// Sends (or sends again) the link that confirms the account's address.
export async function startEmailVerification({
  db,
  mailer,
  publicUrl,
  user,
}: EmailVerificationOptions<{ id: string; email: string; name: string }>) {
  const token = await issueOneTimeToken({ db, userId: user.id, purpose: 'verify_email', email: user.email });
  await mailer.send(user.email, verificationEmail({ name: user.name, url: verifyEmailUrl(publicUrl, token) }));
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

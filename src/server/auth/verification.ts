import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { sendVerificationEmail } from './account-emails';
import { issueOneTimeToken } from './one-time-tokens';

export function verifyEmailUrl(publicUrl: string, token: string) {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

// Sends (or sends again) the link that confirms the account's address.
export async function startEmailVerification({
  db,
  mailer,
  publicUrl,
  user,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  user: { id: string; email: string; name: string };
}) {
  const token = await issueOneTimeToken({ db, userId: user.id, purpose: 'verify_email', email: user.email });
  await sendVerificationEmail(mailer, { to: user.email, name: user.name, url: verifyEmailUrl(publicUrl, token) });
}

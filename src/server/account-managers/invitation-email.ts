import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';

// The email a new account manager gets: a one-time link (the password-reset link, one hour) to
// choose their password.
export function sendAccountManagerInvitation(
  mailer: Mailer,
  { to, name, url, loginUrl }: { to: string; name: string; url: string; loginUrl: string },
  options: { transaction?: Database } = {},
) {
  return mailer.send(
    {
      to,
      subject: 'You have been added to Tandem as an account manager',
      text: `Hi ${name},\n\nA Tandem administrator has added you as an account manager. Choose your password here within one hour:\n\n${url}\n\nThen sign in at ${loginUrl} to see the companies assigned to you. If the link has expired, use "Forgot password?" on the sign-in page to get a new one.\n\n— The Tandem team`,
    },
    options,
  );
}

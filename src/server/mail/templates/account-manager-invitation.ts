import { action, composeEmail, link, paragraph, signature } from './compose-email';

// A new account manager chooses their password through a one-time link (the password-reset link, one hour).
export function accountManagerInvitationEmail({
  name,
  url,
  loginUrl,
}: {
  name: string;
  url: string;
  loginUrl: string;
}) {
  return composeEmail({
    subject: 'You have been added to Tandem as an account manager',
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`A Tandem administrator has added you as an account manager. Choose your password here within one hour:`,
      action('Choose your password', url),
      paragraph`Then sign in at ${link(loginUrl)} to see the companies assigned to you. If the link has expired, use "Forgot password?" on the sign-in page to get a new one.`,
      signature,
    ],
  });
}

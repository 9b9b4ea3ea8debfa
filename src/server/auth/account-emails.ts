import type { Mailer } from '../mail/mailer';

// The wording of every account email, in one place.

export function sendVerificationEmail(mailer: Mailer, { to, name, url }: { to: string; name: string; url: string }) {
  return mailer.send({
    to,
    subject: 'Confirm your email address for Tandem',
    text: `Hi ${name},\n\nPlease confirm your email address by opening this link within 24 hours:\n\n${url}\n\nUntil you do, you can sign in and look around, but you cannot publish jobs or apply for them.\n\nIf you did not create a Tandem account, you can ignore this email.\n\n— The Tandem team`,
  });
}

export function sendPasswordResetEmail(mailer: Mailer, { to, name, url }: { to: string; name: string; url: string }) {
  return mailer.send({
    to,
    subject: 'Reset your Tandem password',
    text: `Hi ${name},\n\nSomeone (we hope you) asked to reset the password of your Tandem account. Choose a new password here within one hour:\n\n${url}\n\nThe link works once. Resetting your password signs you out everywhere and revokes your API tokens and private calendar feed URL.\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n\n— The Tandem team`,
  });
}

export function sendEmailChangeConfirmation(
  mailer: Mailer,
  { to, name, url }: { to: string; name: string; url: string },
) {
  return mailer.send({
    to,
    subject: 'Confirm your new email address for Tandem',
    text: `Hi ${name},\n\nTo make this your Tandem sign-in address, open this link within 24 hours:\n\n${url}\n\nIf you did not ask for this change, ignore this email.\n\n— The Tandem team`,
  });
}

export function sendEmailChangeNotice(
  mailer: Mailer,
  { to, name, newEmail }: { to: string; name: string; newEmail: string },
) {
  return mailer.send({
    to,
    subject: 'Your Tandem email address is changing',
    text: `Hi ${name},\n\nSomeone signed in to your Tandem account asked to change its email address to ${newEmail}. The change happens once the new address is confirmed.\n\nIf this was not you, reset your password now and contact support.\n\n— The Tandem team`,
  });
}

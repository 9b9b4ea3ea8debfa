import { composeEmail, paragraph, signature } from './compose-email';

// What made the platform revoke the credentials that skip sign-in (kernels/identity/revoke-standing-credentials.ts).
export type SecurityEvent = 'password_reset' | 'password_changed' | 'email_changed' | 'two_factor_changed';

const eventSentence: Record<SecurityEvent, string> = {
  password_reset: 'The password of your Tandem account was reset.',
  password_changed: 'The password of your Tandem account was changed.',
  email_changed: 'The sign-in email address of your Tandem account was changed.',
  two_factor_changed: 'Two-factor sign-in for your Tandem account was set up again.',
};

// Tells the person what stopped working, so a script or calendar that breaks is explained.
export function credentialsRevokedEmail({
  name,
  event,
  apiTokens,
  calendarFeed,
}: {
  name: string;
  event: SecurityEvent;
  apiTokens: number;
  calendarFeed: boolean;
}) {
  const stopped = [
    apiTokens === 1 ? 'your API token was revoked' : '',
    apiTokens > 1 ? `your ${apiTokens} API tokens were revoked` : '',
    calendarFeed ? 'your private calendar feed URL stopped working' : '',
  ].filter(Boolean);
  return composeEmail({
    subject: 'Your Tandem API tokens and calendar link were revoked',
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${eventSentence[event]} To keep your account safe, ${stopped.join(' and ')}.`,
      paragraph`Scripts and calendar apps that used them are now refused. Create new ones in Settings when you need them.`,
      paragraph`If you did not make this change, reset your password now and contact support.`,
      signature,
    ],
  });
}

import { possessive } from '~/shared/possessive';
import { action, composeEmail, paragraph, signature } from './compose-email';

// To the address a company member invited to the team: who asks, for which company and role, and the
// link that accepts (once, until it expires).
export function teamInvitationEmail({
  companyName,
  inviterName,
  roleLabel,
  roleDescription,
  expiresAt,
  acceptUrl,
}: {
  companyName: string;
  inviterName: string;
  roleLabel: string;
  roleDescription: string;
  // When the link stops working, in the inviter's zone (the invitee's is not known yet).
  expiresAt: string;
  acceptUrl: string;
}) {
  return composeEmail({
    subject: `${inviterName} invited you to join ${companyName} on Tandem`,
    blocks: [
      paragraph`Hello,`,
      paragraph`${inviterName} invited you to join ${possessive(companyName)} team on Tandem as ${roleLabel}: ${roleDescription}`,
      action('Accept the invitation', acceptUrl),
      paragraph`Create your account with this address, or sign in with an identity provider that confirms it. The link can be used once and works until ${expiresAt}.`,
      paragraph`If you did not expect this invitation, you can ignore this email: nothing happens unless you accept.`,
      signature,
    ],
  });
}

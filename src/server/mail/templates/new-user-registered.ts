import type { Role } from '~/shared/permissions';
import { composeEmail, link, paragraph } from './compose-email';

const kindOfAccount: Partial<Record<Role, string>> = { applicant: 'applicant', company: 'company' };

// To every administrator while System Settings "New user notifications" is on.
export function newUserRegisteredEmail({
  name,
  email,
  role,
  url,
}: {
  name: string;
  email: string;
  role: Role;
  url: string;
}) {
  const kind = kindOfAccount[role] ?? 'user';
  return composeEmail({
    subject: `New ${kind} registered: ${name}`,
    blocks: [
      paragraph`${name} (${email}) registered a new ${kind} account on Tandem.`,
      paragraph`See them in the back office: ${link(url)}`,
      paragraph`You get this email because New User Notifications are on in System Settings.`,
    ],
  });
}

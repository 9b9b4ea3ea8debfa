import type { Role } from '~/shared/permissions';
import { composeEmail, link, paragraph } from './compose-email';

const kindOfAccount: Partial<Record<Role, string>> = { applicant: 'applicant', company: 'company' };

// To every administrator while System Settings "New user notifications" is on.
// A company's registration names the company: that is who the back office will deal with.
export function newUserRegisteredEmail({
  name,
  email,
  role,
  companyName = null,
  url,
}: {
  name: string;
  email: string;
  role: Role;
  companyName?: string | null;
  url: string;
}) {
  const kind = kindOfAccount[role] ?? 'user';
  return composeEmail({
    subject: companyName ? `New company registered: ${companyName}` : `New ${kind} registered: ${name}`,
    blocks: [
      companyName
        ? paragraph`${name} (${email}) registered ${companyName}, a new company account on Tandem.`
        : paragraph`${name} (${email}) registered a new ${kind} account on Tandem.`,
      paragraph`See them in the back office: ${link(url)}`,
      paragraph`You get this email because New User Notifications are on in System Settings.`,
    ],
  });
}

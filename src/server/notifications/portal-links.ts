import type { Role } from '~/shared/permissions';
import { paths } from '~/shared/routes';

// Where each role chooses its email notifications (account managers have no settings page yet): the
// Notifications tab of a company person's or a talent's Settings.
export function settingsHrefOf(role: Role): string | undefined {
  if (role === 'company') return `${paths.companySettings.getHref()}?tab=notifications`;
  if (role === 'applicant') return `${paths.applicantSettings.getHref()}?tab=notifications`;
  if (role === 'admin') return paths.adminSettings.getHref();
  return undefined;
}

// Where each role reads a conversation.
export function conversationHrefOf(role: Role, conversationId: string): string {
  const page =
    role === 'applicant' ? paths.applicantMessages : role === 'admin' ? paths.adminMessages : paths.companyMessages;
  return `${page.getHref()}?conversation=${conversationId}`;
}

import { useQuery } from '@tanstack/react-query';
import { EmailSection, PasswordSection, ProfileSection } from '~/client/account/account-sections';
import { AvailabilitySection } from '~/client/account/availability-section';
import { CompanyProfileSection } from '~/client/account/company-profile-section';
import { SessionsSection } from '~/client/account/sessions-section';
import { TimeZoneSection } from '~/client/account/time-zone-section';
import { ApiTokensSection } from '~/client/api-tokens';
import { CompanyAuditLogSection } from '~/client/audit-logs';
import { currentUserQueryOptions } from '~/client/auth/api';
import { PortalPage } from '~/client/components/portal-page';
import { MessageTemplatesSection } from '~/client/message-templates';
import { EmailPreferencesSection } from '~/client/notifications/email-preferences-section';
import { PrivacySection } from '~/client/privacy/privacy-section';
import type { PageProps } from '~/client/routes';
import { principalOfUser } from '~/shared/auth';
import { can } from '~/shared/permissions';
import { paths } from '~/shared/routes';

// A company person's (or an account manager's) Settings: their profile and time zone, the company's
// public profile, sign-in details and sessions (account/), and which notifications are emailed
// (notifications/). Composed here so neither feature imports the other.
export default function CompanySettingsPage({ pageId }: PageProps) {
  const { data } = useQuery(currentUserQueryOptions());
  const user = data?.user;
  const { title } = paths[pageId];

  return (
    <PortalPage
      title={title}
      description="Your profile, time zone, availability, sign-in details, email notifications and active sessions."
    >
      {/* The portal guard renders this page only once the user is known. */}
      {user && (
        <>
          <ProfileSection user={user} />
          <TimeZoneSection />
          <AvailabilitySection />
          {user.role === 'company' && user.company && <CompanyProfileSection />}
          {can(principalOfUser(user), 'read:message_template:own') && (
            <MessageTemplatesSection canEdit={can(principalOfUser(user), 'update:message_template:own')} />
          )}
          <EmailSection user={user} />
          <PasswordSection user={user} />
          <EmailPreferencesSection showsOfferNote={user.role === 'company'} />
          <SessionsSection />
          <ApiTokensSection />
          {user.role === 'company' && user.company && <CompanyAuditLogSection />}
          <PrivacySection />
        </>
      )}
    </PortalPage>
  );
}

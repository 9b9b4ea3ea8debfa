import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EmailSection, PasswordSection, ProfileSection } from '~/client/account/account-sections';
import { AvailabilitySection } from '~/client/account/availability-section';
import { CompanyProfileSection } from '~/client/account/company-profile-section';
import { SessionsSection } from '~/client/account/sessions-section';
import { TimeZoneSection } from '~/client/account/time-zone-section';
import { AgreementSettingsCard, AgreementTemplatesSection } from '~/client/agreements';
import { ApiTokensSection } from '~/client/api-tokens';
import { CompanyAuditLogSection } from '~/client/audit';
import { currentUserQueryOptions, refreshCurrentUser } from '~/client/auth/api';
import { CalendarConnectionsSection } from '~/client/calendar-connections';
import { ApiKeysSection } from '~/client/company-api-keys';
import { PortalPage } from '~/client/components/portal-page';
import { type SettingsTab, SettingsTabs } from '~/client/components/settings-tabs';
import { CalendarFeedCard } from '~/client/meetings/connect-calendar-dialog';
import { MessageTemplatesSection } from '~/client/message-templates';
import { EmailPreferencesSection } from '~/client/notifications/email-preferences-section';
import { PrivacySection } from '~/client/privacy/privacy-section';
import type { PageProps } from '~/client/routes';
import { CompanySecurityTab } from '~/client/sso';
import { TeamTab } from '~/client/teams/team-tab';
import { WebhooksSection } from '~/client/webhooks';
import type { CurrentUser } from '~/shared/auth';
import { principalOfUser } from '~/shared/auth';
import { can } from '~/shared/permissions';
import { paths } from '~/shared/routes';

// A company person's (or an account manager's) Settings, in tabs: their profile, time zone and availability,
// and the company's public profile; their calendars (calendar-connections/, ?tab=calendars) beside the feed (meetings/); sign-in details, sessions and API tokens (account/); which notifications
// are emailed (notifications/); for a company member, the Team (team/, ?tab=team), the message templates
// (message-templates/, ?tab=templates), the agreement templates (agreements/, ?tab=agreements), the API keys and webhooks of Integrations (company-api-keys/, webhooks/, ?tab=integrations), single sign-on and SCIM (sso/, ?tab=company-security) and the audit log their role may read; privacy. Composed here so no
// feature imports another.
export default function CompanySettingsPage({ pageId }: PageProps) {
  const { data } = useQuery(currentUserQueryOptions());
  const user = data?.user;
  const { title } = paths[pageId];
  const queryClient = useQueryClient();

  return (
    <PortalPage
      title={title}
      description="Your profile, time zone, availability, sign-in details, email notifications and active sessions."
    >
      {/* The portal guard renders this page only once the user is known. */}
      {user && (
        <SettingsTabs label="Settings" tabs={settingsTabsOf(user, () => void refreshCurrentUser(queryClient))} />
      )}
    </PortalPage>
  );
}

// Each tab and section for the people whose role may use it: a Billing member has no working hours to offer
// and no audit log to read, and reads the company profile without changing it.
function settingsTabsOf(user: CurrentUser, onLeft: () => void): SettingsTab[] {
  const principal = principalOfUser(user);
  const member = user.role === 'company' && user.company ? { ...user, company: user.company } : null;
  const tabs: Array<SettingsTab | false | null> = [
    {
      id: 'account',
      label: 'Profile',
      content: (
        <>
          <ProfileSection user={user} />
          <TimeZoneSection />
          {can(principal, 'read:availability:own') && <AvailabilitySection />}
          {member && <CompanyProfileSection canEdit={can(principal, 'update:company:own')} />}
        </>
      ),
    },
    can(principal, 'read:calendar_connection:own') && {
      id: 'calendars',
      label: 'Calendars',
      content: (
        <>
          <CalendarConnectionsSection />
          <CalendarFeedCard />
        </>
      ),
    },
    {
      id: 'security',
      label: 'Sign-in & Security',
      content: (
        <>
          <EmailSection user={user} />
          <PasswordSection user={user} />
          <SessionsSection />
          <ApiTokensSection />
        </>
      ),
    },
    {
      id: 'notifications',
      label: 'Notifications',
      content: <EmailPreferencesSection showsOfferNote={user.role === 'company'} />,
    },
    member &&
      can(principal, 'read:company_member:own') && {
        id: 'team',
        label: 'Team',
        content: <TeamTab user={member} onLeft={onLeft} />,
      },
    member &&
      can(principal, 'read:message_template:own') && {
        id: 'templates',
        label: 'Message templates',
        content: <MessageTemplatesSection canEdit={can(principal, 'update:message_template:own')} />,
      },
    member &&
      can(principal, 'read:agreement_template:own') && {
        id: 'agreements',
        label: 'Agreements',
        content: (
          <div className="grid gap-6">
            {can(principal, 'read:agreement:own') && <AgreementSettingsCard />}
            <AgreementTemplatesSection />
          </div>
        ),
      },
    member &&
      can(principal, 'read:webhook:own') && {
        id: 'integrations',
        label: 'Integrations',
        content: (
          <div className="grid min-w-0 gap-6">
            {can(principal, 'read:api_key:own') && <ApiKeysSection />}
            <WebhooksSection owner="company" />
          </div>
        ),
      },
    member &&
      can(principal, 'read:identity_settings:own') && {
        id: 'company-security',
        label: 'Security',
        content: <CompanySecurityTab />,
      },
    member &&
      can(principal, 'read:audit_log:own') && {
        id: 'audit-log',
        label: 'Audit log',
        content: <CompanyAuditLogSection />,
      },
    { id: 'privacy', label: 'Privacy', content: <PrivacySection /> },
  ];
  return tabs.filter((tab): tab is SettingsTab => Boolean(tab));
}

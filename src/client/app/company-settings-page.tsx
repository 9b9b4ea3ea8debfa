import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmailSection, PasswordSection, ProfileSection } from '~/client/account/account-sections';
import { AvailabilitySection } from '~/client/account/availability-section';
import { CompanyProfileSection } from '~/client/account/company-profile-section';
import { SessionsSection } from '~/client/account/sessions-section';
import { TimeZoneSection } from '~/client/account/time-zone-section';
import { ApiTokensSection } from '~/client/api-tokens';
import { CompanyAuditLogSection } from '~/client/audit-logs';
import { currentUserQueryOptions, refreshCurrentUser } from '~/client/auth/api';
import { PortalPage } from '~/client/components/portal-page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { MessageTemplatesSection } from '~/client/message-templates';
import { EmailPreferencesSection } from '~/client/notifications/email-preferences-section';
import { PrivacySection } from '~/client/privacy/privacy-section';
import type { PageProps } from '~/client/routes';
import { TeamTab } from '~/client/team/team-tab';
import type { CurrentUser } from '~/shared/auth';
import { principalOfUser } from '~/shared/auth';
import { can } from '~/shared/permissions';
import { paths } from '~/shared/routes';

// A company person's (or an account manager's) Settings: their profile and time zone, the company's
// public profile, sign-in details and sessions (account/), and which notifications are emailed
// (notifications/); for a company member, the Team tab (team/, ?tab=team) and the message templates
// (message-templates/, ?tab=templates) their role may read. Composed here so no feature imports another.
export default function CompanySettingsPage({ pageId }: PageProps) {
  const { data } = useQuery(currentUserQueryOptions());
  const user = data?.user;
  const { title } = paths[pageId];
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();

  const account = user && <AccountSections user={user} />;
  const member = user?.company ? { ...user, company: user.company } : null;
  const principal = member && principalOfUser(member);
  const showsTeam = principal !== null && can(principal, 'read:company_member:own');
  const showsTemplates = principal !== null && can(principal, 'read:message_template:own');
  const requestedTab = searchParams.get('tab');
  const tab =
    (showsTeam && requestedTab === 'team') || (showsTemplates && requestedTab === 'templates')
      ? requestedTab
      : 'account';

  return (
    <PortalPage
      title={title}
      description="Your profile, time zone, availability, sign-in details, email notifications and active sessions."
    >
      {/* The portal guard renders this page only once the user is known. */}
      {member && principal && (showsTeam || showsTemplates) ? (
        <Tabs value={tab} onValueChange={(value) => setSearchParams(value === 'account' ? {} : { tab: value })}>
          <TabsList>
            <TabsTrigger value="account">Account</TabsTrigger>
            {showsTeam && <TabsTrigger value="team">Team</TabsTrigger>}
            {showsTemplates && <TabsTrigger value="templates">Message templates</TabsTrigger>}
          </TabsList>
          <TabsContent value="account" className="space-y-6">
            {account}
          </TabsContent>
          {showsTeam && (
            <TabsContent value="team">
              <TeamTab user={member} onLeft={() => void refreshCurrentUser(queryClient)} />
            </TabsContent>
          )}
          {showsTemplates && (
            <TabsContent value="templates">
              <MessageTemplatesSection canEdit={can(principal, 'update:message_template:own')} />
            </TabsContent>
          )}
        </Tabs>
      ) : (
        account
      )}
    </PortalPage>
  );
}

// Each section for the people whose role may use it: a Billing member has no working hours to offer and
// no audit log to read, and reads the company profile without changing it.
function AccountSections({ user }: { user: CurrentUser }): ReactNode {
  const principal = principalOfUser(user);
  return (
    <>
      <ProfileSection user={user} />
      <TimeZoneSection />
      {can(principal, 'read:availability:own') && <AvailabilitySection />}
      {user.role === 'company' && user.company && (
        <CompanyProfileSection canEdit={can(principal, 'update:company:own')} />
      )}
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <EmailPreferencesSection showsOfferNote={user.role === 'company'} />
      <SessionsSection />
      <ApiTokensSection />
      {user.role === 'company' && user.company && can(principal, 'read:audit_log:own') && <CompanyAuditLogSection />}
      <PrivacySection />
    </>
  );
}

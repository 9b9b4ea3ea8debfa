import { useQuery } from '@tanstack/react-query';
import { EmailSection, ProfileSection as NameSection, PasswordSection } from '~/client/account/account-sections';
import { SessionsSection } from '~/client/account/sessions-section';
import { ApiTokensSection } from '~/client/api-tokens';
import { currentUserQueryOptions } from '~/client/auth/api';
import { CalendarConnectionsSection } from '~/client/calendar-connections';
import { PortalPage } from '~/client/components/portal-page';
import { SettingsTabs } from '~/client/components/settings-tabs';
import { CalendarFeedCard } from '~/client/meetings/connect-calendar-dialog';
import { EmailPreferencesSection } from '~/client/notifications/email-preferences-section';
import { PrivacySection } from '~/client/privacy/privacy-section';
import type { PageProps } from '~/client/routes';
import { ProfileBackgroundSections } from '~/client/talent/profile-background-sections';
import { ProfilePreviewSection } from '~/client/talent/profile-preview-section';
import { ProfileSection } from '~/client/talent/profile-section';
import { paths } from '~/shared/routes';

// An applicant's Settings, in tabs: their profile (talent/) with its background lists and a preview as
// companies see it; their account's name, email and password (account/); which notifications are emailed
// (notifications/); their calendars (calendar-connections/, ?tab=calendars) beside the feed (meetings/); sessions
// and API tokens; privacy. Composed here so no feature imports another.
export default function ApplicantSettingsPage({ pageId }: PageProps) {
  const { data } = useQuery(currentUserQueryOptions());
  const user = data?.user;
  const { title } = paths[pageId];

  return (
    <PortalPage title={title} description="Your profile, sign-in details, email notifications and active sessions.">
      {/* The portal guard renders this page only once the user is known. */}
      {user && (
        <SettingsTabs
          label="Settings"
          tabs={[
            {
              id: 'profile',
              label: 'Profile',
              content: (
                <>
                  <ProfileSection />
                  <ProfileBackgroundSections />
                  <ProfilePreviewSection />
                </>
              ),
            },
            {
              id: 'account',
              label: 'Account',
              content: (
                <>
                  <NameSection
                    user={user}
                    title="Name"
                    description="The name companies see on your profile, messages, meetings and applications."
                    submitLabel="Save Name"
                  />
                  <EmailSection user={user} />
                  <PasswordSection user={user} />
                </>
              ),
            },
            {
              id: 'calendars',
              label: 'Calendars',
              content: (
                <>
                  <CalendarConnectionsSection />
                  <CalendarFeedCard />
                </>
              ),
            },
            { id: 'notifications', label: 'Notifications', content: <EmailPreferencesSection showsOfferNote /> },
            {
              id: 'security',
              label: 'Security',
              content: (
                <>
                  <SessionsSection />
                  <ApiTokensSection />
                </>
              ),
            },
            { id: 'privacy', label: 'Privacy', content: <PrivacySection /> },
          ]}
        />
      )}
    </PortalPage>
  );
}

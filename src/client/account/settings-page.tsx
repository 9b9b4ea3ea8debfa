import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import { PortalPage } from '~/client/components/portal-page';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { EmailSection, PasswordSection, ProfileSection } from './account-sections';
import { CompanyProfileSection } from './company-profile-section';
import { SessionsSection } from './sessions-section';

// Settings of the signed-in person (company and applicant portals): their profile, sign-in email,
// password and sessions, and for a company its public profile.
export default function SettingsPage({ pageId }: PageProps) {
  const { data } = useQuery(currentUserQueryOptions());
  const user = data?.user;
  const { title } = paths[pageId];

  return (
    <PortalPage title={title} description="Your profile, sign-in details and active sessions.">
      {/* The portal guard renders this page only once the user is known. */}
      {user && (
        <>
          <ProfileSection user={user} />
          {user.role === 'company' && user.company && <CompanyProfileSection />}
          <EmailSection user={user} />
          <PasswordSection user={user} />
          <SessionsSection />
        </>
      )}
    </PortalPage>
  );
}

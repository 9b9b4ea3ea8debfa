import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import { PageMeta } from '~/client/components/page-meta';
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
    <>
      <PageMeta title={title} />
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Your profile, sign-in details and active sessions.</p>
      </div>
      {/* The portal guard renders this page only once the user is known. */}
      {user && (
        <div className="grid max-w-3xl gap-6">
          <ProfileSection user={user} />
          {user.role === 'company' && user.company && <CompanyProfileSection />}
          <EmailSection user={user} />
          <PasswordSection user={user} />
          <SessionsSection />
        </div>
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { DashboardSection } from '~/client/components/dashboard-section';
import { Badge } from '~/client/components/ui/badge';
import { Skeleton } from '~/client/components/ui/skeleton';
import { paths } from '~/shared/routes';
import { applicantProfileQueryOptions } from './api';
import { ProfileCompletenessMeter } from './profile-completeness-meter';

// The dashboard's Skills & Learning (docs/spec/portal-and-public-site.md §2): the skills companies search by
// and how complete the profile is, from the applicant's own profile rather than a sample bar. Passed tests join
// it when candidates can take them.
export function SkillsLearningCard() {
  const profile = useQuery(applicantProfileQueryOptions());
  const settingsHref = paths.applicantSettings.getHref();
  return (
    <DashboardSection
      id="skills-learning"
      title="Skills & Learning"
      viewAll={{ to: settingsHref, label: 'Edit Profile' }}
    >
      <div className="grid gap-4">
        {profile.isError ? (
          <p className="text-sm text-muted-foreground">
            Your profile could not be loaded.{' '}
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => profile.refetch()}
            >
              Try Again
            </button>
          </p>
        ) : !profile.data ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading your skills</span>
            <Skeleton className="h-16" />
            <Skeleton className="h-6 w-2/3" />
          </div>
        ) : (
          <>
            <ProfileCompletenessMeter completeness={profile.data.completeness} />
            {profile.data.skills.length > 0 ? (
              <ul aria-label="Your skills" className="flex flex-wrap gap-1.5">
                {profile.data.skills.map((skill) => (
                  <li key={skill}>
                    <Badge variant="secondary">{skill}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                Add your skills so companies find you and jobs can be recommended.
              </p>
            )}
          </>
        )}
      </div>
    </DashboardSection>
  );
}

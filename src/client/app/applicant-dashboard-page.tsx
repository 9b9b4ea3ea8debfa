import ApplicantDashboardPage from '~/client/applications/applicant-dashboard-page';
import { useLiveMeetings } from '~/client/lib/meeting-queries';
import { ConnectCalendarButton } from '~/client/meetings/connect-calendar-dialog';
import type { PageProps } from '~/client/routes';
import { SkillsLearningCard } from '~/client/talent/skills-learning-card';

// /applicant-dashboard: the applications feature's dashboard with the profile's Skills & Learning card
// and the meetings' Connect Google Calendar; Upcoming Meetings follows meeting changes live.
export default function ApplicantDashboard(props: PageProps) {
  useLiveMeetings();
  return (
    <ApplicantDashboardPage
      {...props}
      sideSections={<SkillsLearningCard />}
      meetingsAction={<ConnectCalendarButton size="sm" />}
    />
  );
}

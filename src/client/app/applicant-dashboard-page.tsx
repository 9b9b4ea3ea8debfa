import ApplicantDashboardPage from '~/client/applications/applicant-dashboard-page';
import type { PageProps } from '~/client/routes';
import { SkillsLearningCard } from '~/client/talent/skills-learning-card';

// /applicant-dashboard: the applications feature's dashboard with the profile's Skills & Learning card.
export default function ApplicantDashboard(props: PageProps) {
  return <ApplicantDashboardPage {...props} sideSections={<SkillsLearningCard />} />;
}

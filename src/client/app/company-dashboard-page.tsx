import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import { companyDashboardQueryOptions } from '~/client/company-dashboard/api';
import CompanyDashboardPage from '~/client/company-dashboard/company-dashboard-page';
import { ScheduleCallButton } from '~/client/meetings/schedule-call-button';
import { AccountManagerMessageButton } from '~/client/messaging/account-manager-message-button';
import { MessagesQuickReply } from '~/client/messaging/messages-quick-reply';
import { SupportChat } from '~/client/messaging/support-chat';
import type { PageProps } from '~/client/routes';
import { talentSearchQueryOptions } from '~/client/talent-search/api';
import { can, principalOfUser } from '~/shared/permissions';

const FEATURED_CANDIDATES = 4;

// The best matches for any of the skills the company's open jobs ask for; with no open job, the best rated.
function featuredQueryOf(skills: string[]): { q?: string; sort: 'best_match' | 'rating' } {
  if (skills.length === 0) return { sort: 'rating' };
  return { q: skills.map((skill) => (/\s/.test(skill) ? `"${skill}"` : skill)).join(' or '), sort: 'best_match' };
}

// /company-dashboard: the dashboard feature's cards with what other features bring — the best-rated
// talent from Talent Search, messaging's quick reply and support chat, meetings' Schedule Call.
export default function CompanyDashboard(props: PageProps) {
  const me = useQuery(currentUserQueryOptions());
  // The same query the dashboard reads (one request): the call dialog names the manager, and the open
  // jobs' skills choose the featured candidates.
  const dashboard = useQuery(companyDashboardQueryOptions());
  // A role that may not search talent gets no skills (null) and so no Featured Candidates.
  const openJobSkills = dashboard.data?.open_job_skills;
  const featuredQuery = featuredQueryOf(openJobSkills ?? []);
  const featured = useQuery({
    ...talentSearchQueryOptions({ ...featuredQuery, page: 1, page_size: FEATURED_CANDIDATES }),
    select: (result) => result.items,
    enabled: dashboard.isSuccess && openJobSkills != null,
  });
  const user = me.data?.user;
  const principal = user ? principalOfUser(user) : null;
  const manager = dashboard.data?.account_manager ?? undefined;
  return (
    <CompanyDashboardPage
      {...props}
      userName={user?.name}
      featured={openJobSkills === null ? null : featured}
      featuredSearch={`?${new URLSearchParams(featuredQuery as Record<string, string>)}`}
      messagesSection={user ? <MessagesQuickReply me={{ id: user.id, role: user.role }} /> : null}
      accountManagerActions={
        <>
          {principal && can(principal, 'create:conversation:own') && <AccountManagerMessageButton />}
          {principal && can(principal, 'create:meeting:own') && <ScheduleCallButton manager={manager} />}
        </>
      }
      supportChat={user ? <SupportChat me={{ id: user.id, role: user.role }} /> : null}
    />
  );
}

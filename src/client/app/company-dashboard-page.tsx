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

const FEATURED_CANDIDATES = 4;

// /company-dashboard: the dashboard feature's cards with what other features bring — the best-rated
// talent from Talent Search, messaging's quick reply and support chat, meetings' Schedule Call.
export default function CompanyDashboard(props: PageProps) {
  const me = useQuery(currentUserQueryOptions());
  const featured = useQuery({
    ...talentSearchQueryOptions({ sort: 'rating', page: 1, page_size: FEATURED_CANDIDATES }),
    select: (result) => result.items,
  });
  const user = me.data?.user;
  // The same query the dashboard reads (one request): the call dialog names the manager.
  const manager = useQuery(companyDashboardQueryOptions()).data?.account_manager ?? undefined;
  return (
    <CompanyDashboardPage
      {...props}
      userName={user?.name}
      featured={featured}
      messagesSection={user ? <MessagesQuickReply me={{ id: user.id, role: user.role }} /> : null}
      accountManagerActions={
        <>
          <AccountManagerMessageButton />
          <ScheduleCallButton manager={manager} />
        </>
      }
      supportChat={user ? <SupportChat me={{ id: user.id, role: user.role }} /> : null}
    />
  );
}

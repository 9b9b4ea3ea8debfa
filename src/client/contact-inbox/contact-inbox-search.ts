import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import { type ContactMessageListQuery, contactAssigneeFilters } from '~/shared/contact';

// The list's state in the URL of /admin/contact-messages: ?q=pricing&status=handled&assignee=me&page=2
// (new messages, anyone's, by default). The open message is ?message=<id>, apart from the list's state.
export const contactInboxSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  filters: {
    status: searchParam.oneOf('status', ['handled', 'all'] as const),
    assignee: searchParam.oneOf('assignee', contactAssigneeFilters),
  },
});

type ContactInboxSearchState = ListSearchStateOf<typeof contactInboxSearch>;

export function toContactMessageListQuery(state: ContactInboxSearchState): ContactMessageListQuery {
  return {
    q: state.q || undefined,
    status: state.status ?? 'open',
    assignee: state.assignee ?? undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}

export const OPEN_MESSAGE_KEY = 'message';

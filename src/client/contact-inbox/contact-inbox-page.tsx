import { useQuery } from '@tanstack/react-query';
import { InboxIcon, XIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useLoadErrorToast } from '~/client/components/admin-list-columns';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { FilterSelect } from '~/client/components/filter-select';
import { PageMeta } from '~/client/components/page-meta';
import { SearchInput } from '~/client/components/search-input';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { errorMessage } from '~/client/lib/api-client';
import { useChangeSearch, useListSearch } from '~/client/lib/list-search';
import type { PageProps } from '~/client/routes';
import {
  type ContactMessageItem,
  contactAssigneeFilterLabels,
  contactAssigneeFilters,
  contactInboxTexts,
  contactMessageStatuses,
  contactMessageStatusLabels,
} from '~/shared/contact';
import { paths } from '~/shared/routes';
import { contactMessageListQueryOptions } from './api';
import { contactInboxSearch, OPEN_MESSAGE_KEY, toContactMessageListQuery } from './contact-inbox-search';
import { ContactMessageDrawer } from './contact-message-drawer';
import { formatMessageTime, formatMessageTimeShort, isPastPromise, messageTitle } from './contact-message-format';

function StatusBadge({ message }: { message: ContactMessageItem }) {
  if (message.handled_at) return <Badge variant="success">Handled</Badge>;
  return <Badge variant="info">New</Badge>;
}

// /admin/contact-messages: the messages of the public contact forms, new ones first in view. Each opens
// in a drawer (?message=<id>, the link of the administrators' email) to read whole, assign, answer by
// email and mark handled.
export function ContactInboxPage({ pageId, viewerId }: PageProps & { viewerId: string }) {
  const { title } = paths[pageId];
  const search = useListSearch(contactInboxSearch);
  const query = toContactMessageListQuery(search.state);
  const messages = useQuery(contactMessageListQueryOptions(query));
  const [params] = useSearchParams();
  const changeSearch = useChangeSearch();
  const openId = params.get(OPEN_MESSAGE_KEY);
  const open = (id: string | null) => changeSearch({ [OPEN_MESSAGE_KEY]: id });

  useLoadErrorToast(messages.isError, contactInboxTexts.loadFailedTitle, contactInboxTexts.loadFailed);

  const columns: DataListColumn<ContactMessageItem>[] = [
    {
      id: 'from',
      phone: 'title',
      header: 'From',
      className: 'md:min-w-44',
      cell: (message) => (
        <div className="grid">
          <span className="font-medium">{message.name}</span>
          <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{message.email}</span>
          {message.company && <span className="text-xs text-muted-foreground">{message.company}</span>}
        </div>
      ),
    },
    {
      id: 'message',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Message',
      className: 'max-md:basis-full md:max-w-md',
      cell: (message) => (
        <div className="grid gap-0.5">
          <span className="font-medium [overflow-wrap:anywhere]">{messageTitle(message)}</span>
          <span className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">{message.message}</span>
        </div>
      ),
    },
    {
      id: 'received',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Received',
      className: 'whitespace-nowrap',
      cell: (message) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <PhoneLabel>Received</PhoneLabel>
          <time dateTime={message.created_at} title={formatMessageTime(message.created_at)}>
            {formatMessageTimeShort(message.created_at)}
          </time>
          {isPastPromise(message) && <Badge variant="danger">Over 24 hours</Badge>}
        </span>
      ),
    },
    {
      id: 'assignee',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Assigned To',
      cell: (message) => (
        <>
          <PhoneLabel>Assigned to</PhoneLabel>
          {message.assignee ? message.assignee.name : <span className="text-muted-foreground">Unassigned</span>}
        </>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Status',
      cell: (message) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <StatusBadge message={message} />
          {message.reply_count > 0 && (
            <span className="text-xs text-muted-foreground">
              {message.reply_count === 1 ? '1 reply' : `${message.reply_count} replies`}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'actions',
      phone: 'detail',
      phoneOrder: 5,
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (message) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => open(message.id)}
          aria-label={`Open the message from ${message.name}`}
        >
          Open
        </Button>
      ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
      <SearchInput
        className="lg:max-w-sm lg:flex-1"
        label="Search contact messages"
        placeholder="Search name, email or text"
        value={search.state.q}
        onSearch={(q) => search.change({ q }, { replace: true })}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <FilterSelect
          label="Status"
          className="sm:w-40"
          value={query.status}
          options={contactMessageStatuses}
          labels={contactMessageStatusLabels}
          // New messages are the default: the URL leaves them out.
          onChange={(status) => search.change({ status: status === 'open' ? null : status })}
        />
        <FilterSelect
          label="Assigned to"
          className="sm:w-44"
          allLabel="Anyone"
          value={search.state.assignee}
          options={contactAssigneeFilters}
          labels={contactAssigneeFilterLabels}
          onChange={(assignee) => search.change({ assignee })}
        />
        {search.isFiltered && (
          <Button variant="ghost" onClick={search.clear}>
            <XIcon aria-hidden="true" />
            Clear Filters
          </Button>
        )}
      </div>
    </div>
  );

  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Messages from the contact forms of the public site, which promise an answer within 24 hours. Assign one, reply
          by email, and mark it handled.
        </p>
      </div>
      <DataList
        label="Contact messages"
        noun="messages"
        query={messages}
        columns={columns}
        rowKey={(message) => message.id}
        search={search}
        errorTitle={contactInboxTexts.loadFailedTitle}
        errorText={errorMessage(messages.error, contactInboxTexts.loadFailed)}
        empty={{
          icon: InboxIcon,
          filtered: { title: 'No messages found', description: 'Try another search, status or assignee.' },
          none: {
            title: 'No new messages',
            description: 'Messages sent through the contact forms appear here until someone handles them.',
          },
        }}
        toolbar={toolbar}
      />
      <ContactMessageDrawer messageId={openId} viewerId={viewerId} onClose={() => open(null)} />
    </div>
  );
}

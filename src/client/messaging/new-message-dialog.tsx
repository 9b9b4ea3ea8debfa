import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquarePlusIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SearchInput } from '~/client/components/search-input';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useAllowed } from '~/client/lib/allowed';
import { callApi, errorMessage } from '~/client/lib/api-client';
import { meetingInviteesQueryOptions } from '~/client/lib/meeting-queries';
import { showOpenedConversation } from '~/client/lib/opened-conversation';
import { type ApplicationStatus, applicationStatusLabels } from '~/shared/application-statuses';
import { messagingContract } from '~/shared/contracts/messaging';
import type { ConversationDetail } from '~/shared/messaging';
import { messagingTexts } from '~/shared/messaging-texts';
import { paths } from '~/shared/routes';

// New message, in a company's Messages: find one of the company's applicants by name or job and open the
// conversation with them (the same one if it exists), about that application. Someone who has not applied
// is found in Talent Search, which the dialog points to. A member whose role may not start a conversation
// has no such button.
export function NewMessageButton({ onOpened }: { onOpened: (conversation: ConversationDetail) => void }) {
  const mayStart = useAllowed('create:conversation:own');
  const mayListApplicants = useAllowed('create:meeting:own');
  const [isOpen, setIsOpen] = useState(false);
  if (!mayStart || !mayListApplicants) return null;
  return (
    <>
      <Button size="sm" onClick={() => setIsOpen(true)}>
        <MessageSquarePlusIcon aria-hidden="true" />
        New message
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent title="New message" description="Write to one of your applicants: find them by name or job.">
          {isOpen && (
            <ApplicantFinder
              onOpened={(conversation) => {
                setIsOpen(false);
                onOpened(conversation);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ApplicantFinder({ onOpened }: { onOpened: (conversation: ConversationDetail) => void }) {
  const [search, setSearch] = useState('');
  const invitees = useQuery(meetingInviteesQueryOptions({ q: search }));
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: (input: { applicant_id: string; application_id: string }) =>
      callApi(messagingContract.start, { body: input }),
    onSuccess: (conversation) => {
      showOpenedConversation(queryClient, conversation);
      onOpened(conversation);
    },
  });
  const items = invitees.data?.items ?? [];
  const total = invitees.data?.total ?? 0;

  return (
    <div className="grid gap-3">
      <SearchInput label="Search applicants" placeholder="Name or job title" value={search} onSearch={setSearch} />
      {start.isError && <Alert variant="destructive">{errorMessage(start.error, messagingTexts.startError)}</Alert>}
      {invitees.isPending ? (
        <div className="grid gap-2" role="status">
          <span className="sr-only">Loading your applicants</span>
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
        </div>
      ) : invitees.isError ? (
        <Alert variant="destructive" className="items-center justify-between">
          <p>{errorMessage(invitees.error, 'Failed to load your applicants.')}</p>
          <Button size="sm" variant="outline" onClick={() => invitees.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
          {search ? `No applicant matches “${search}”.` : 'No one has applied to your jobs yet.'}
        </p>
      ) : (
        <ul
          aria-label="Applicants"
          aria-busy={invitees.isPlaceholderData}
          className="grid max-h-80 gap-1 overflow-y-auto"
        >
          {items.map((invitee) => (
            <li key={invitee.application_id}>
              <button
                type="button"
                disabled={start.isPending}
                onClick={() =>
                  start.mutate({ applicant_id: invitee.applicant_id, application_id: invitee.application_id })
                }
                className="grid w-full gap-0.5 rounded-md px-3 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
              >
                <span className="font-medium">{invitee.applicant_name}</span>
                <span className="text-sm text-muted-foreground">
                  {invitee.job_title} · {applicationStatusLabels[invitee.status as ApplicationStatus] ?? invitee.status}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {total > items.length && (
        <p className="text-sm text-muted-foreground">
          Showing {items.length} of {total.toLocaleString('en-US')}: search to find the others.
        </p>
      )}
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <SearchIcon className="size-4 shrink-0" aria-hidden="true" />
        Someone who has not applied?{' '}
        <Link
          to={paths.companyTalent.getHref()}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Find them in Talent Search
        </Link>
      </p>
    </div>
  );
}

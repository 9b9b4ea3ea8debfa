import type { UseQueryResult } from '@tanstack/react-query';
import { HeartIcon } from 'lucide-react';
import { MessageApplicantButton } from '~/client/components/message-applicant-button';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { useAllowed } from '~/client/lib/allowed';
import type { Candidate, Shortlist } from '~/shared/talent-search';
import { CandidateCard, CandidateList } from './candidate-card';
import { countCandidates } from './candidate-format';
import { CandidateSkeletons } from './candidate-skeletons';
import { InviteButton } from './invite-dialog';
import type { TalentLayout } from './talent-search-search';

interface ShortlistTabProps {
  shortlist: UseQueryResult<Shortlist>;
  page: number;
  pageSize: number;
  layout: TalentLayout;
  onPageChange: (page: number) => void;
  onOpen: (candidate: Candidate) => void;
  onInvite: (candidate: Candidate) => void;
  onFindTalent: () => void;
}

// The company's shortlist (GET /api/talent/shortlist), a page at a time; each candidate can be invited
// to apply to one of the company's open jobs.
export function ShortlistTab({
  shortlist,
  page,
  pageSize,
  layout,
  onPageChange,
  onOpen,
  onInvite,
  onFindTalent,
}: ShortlistTabProps) {
  const mayInvite = useAllowed('create:job_invitation:own');
  const items = shortlist.data?.items ?? [];
  const total = shortlist.data?.total ?? 0;
  return (
    <div className="grid gap-4">
      <p className="text-sm font-medium" role="status" aria-live="polite">
        {shortlist.isPending
          ? 'Loading your shortlist…'
          : shortlist.isError
            ? ''
            : `${countCandidates(total)} shortlisted`}
      </p>
      {shortlist.isError ? (
        <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
          <div>
            <AlertTitle>Your shortlist could not be loaded.</AlertTitle>
            <p>Please try again.</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => shortlist.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : shortlist.isPending || shortlist.isPlaceholderData ? (
        <CandidateSkeletons layout={layout} />
      ) : items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center">
          <HeartIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">Your shortlist is empty</p>
          <p className="text-sm text-muted-foreground">
            Tap the heart on a candidate to keep them here, then invite them to apply to one of your open jobs.
          </p>
          <Button variant="outline" onClick={onFindTalent}>
            Search talent
          </Button>
        </Card>
      ) : (
        <CandidateList layout={layout}>
          {items.map((candidate) => (
            <li key={candidate.id} className="min-w-0">
              <CandidateCard
                candidate={candidate}
                layout={layout}
                onOpen={onOpen}
                actions={
                  <>
                    {mayInvite && <InviteButton candidate={candidate} onInvite={onInvite} />}
                    <MessageApplicantButton applicantId={candidate.id} name={candidate.name} />
                  </>
                }
              />
            </li>
          ))}
        </CandidateList>
      )}
      {shortlist.isSuccess && total > 0 && (
        <Pagination page={page} pageSize={pageSize} total={total} noun="candidates" onPageChange={onPageChange} />
      )}
    </div>
  );
}

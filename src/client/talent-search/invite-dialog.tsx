import { useQuery } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { notify } from '~/client/components/ui/notify';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { paths } from '~/shared/routes';
import type { Candidate } from '~/shared/talent-search';
import { talentTexts } from '~/shared/talent-search-texts';
import { openJobsQueryOptions, useInviteCandidate } from './api';

// Invite a shortlisted candidate to apply to one of the company's open jobs (POST
// /api/talent/:id/invitations). A refusal (not shortlisted, applied already, the job closed) stays in the
// dialog in the server's words, so the person can pick another job.
export function InviteDialog({
  candidate,
  onOpenChange,
}: {
  candidate: Pick<Candidate, 'id' | 'name'>;
  onOpenChange: (open: boolean) => void;
}) {
  const selectId = useId();
  const jobs = useQuery(openJobsQueryOptions());
  const invite = useInviteCandidate(candidate.id);
  const [jobId, setJobId] = useState('');
  const openJobs = jobs.data?.items ?? [];
  const chosenId = jobId || openJobs[0]?.id || '';

  function send() {
    const job = openJobs.find((item) => item.id === chosenId);
    if (!job) return;
    invite.mutate(job.id, {
      onSuccess: () => {
        notify.success(talentTexts.inviteSent, { description: talentTexts.inviteSentBody(candidate.name, job.title) });
        onOpenChange(false);
      },
    });
  }

  const failure = invite.error
    ? isApiError(invite.error) && invite.error.status < 500
      ? invite.error.message
      : 'The invitation could not be sent. Please try again.'
    : null;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={`Invite ${candidate.name} to apply`}
        description="They will be notified and can apply to the job you choose."
      >
        {jobs.isPending ? (
          <div className="grid gap-2" role="status">
            <span className="sr-only">Loading your open jobs</span>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : jobs.isError ? (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(jobs.error, 'Your open jobs could not be loaded. Please try again.')}</p>
              <Button size="sm" variant="outline" onClick={() => jobs.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        ) : openJobs.length === 0 ? (
          <div className="grid gap-3 text-sm">
            <p>You have no open jobs to invite candidates to. Publish a job first.</p>
            <Button asChild variant="outline" className="justify-self-start">
              <Link to={paths.companyCreateJob.getHref()}>Post a Job</Link>
            </Button>
          </div>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={selectId}>Open job</Label>
            <NativeSelect
              id={selectId}
              value={chosenId}
              onChange={(event) => {
                setJobId(event.target.value);
                invite.reset();
              }}
            >
              {openJobs.map((job) => (
                <option key={job.id} value={job.id}>
                  {job.title}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        {failure && (
          <Alert variant="destructive" role="alert">
            {failure}
          </Alert>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={send} disabled={openJobs.length === 0 || invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send Invitation'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

// A card's Invite to apply: in the search results and the shortlist alike (a company invites whoever it
// found, not only those it kept).
export function InviteButton({
  candidate,
  onInvite,
}: {
  candidate: Candidate;
  onInvite: (candidate: Candidate) => void;
}) {
  return (
    <Button size="sm" aria-label={`Invite to apply: ${candidate.name}`} onClick={() => onInvite(candidate)}>
      <SendIcon aria-hidden="true" />
      Invite to apply
    </Button>
  );
}

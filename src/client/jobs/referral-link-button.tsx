import { CopyIcon, Share2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { jobReachTexts } from '~/shared/job-reach';
import type { Job } from '~/shared/jobs';
import { useReferralLink } from './api';

// "Refer / share with tracked link" on a job's page (decision 058): the member's own link to the job, made
// the first time they ask and the same after; an application through it is credited to them in the pipeline.
export function ReferralLinkButton({ job }: { job: Pick<Job, 'id' | 'status' | 'title'> }) {
  const [isOpen, setIsOpen] = useState(false);
  const link = useReferralLink();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const inputId = useId();
  if (job.status === 'draft' || job.status === 'archived') return null;

  const open = () => {
    setIsOpen(true);
    setCopied(null);
    link.mutate(job.id);
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={open}>
        <Share2Icon aria-hidden="true" />
        Refer / share with tracked link
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent
          title="Your referral link"
          description={`Share this link to ${job.title}. Whoever applies through it is credited to you in the pipeline.`}
        >
          {link.isPending && (
            <div role="status" aria-label="Making your link" className="grid gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          )}
          {link.isError && (
            <Alert variant="destructive">
              <div className="space-y-2">
                <p>{errorMessage(link.error, 'Your link could not be made. Please try again.')}</p>
                <Button size="sm" variant="outline" onClick={() => link.mutate(job.id)}>
                  Try Again
                </Button>
              </div>
            </Alert>
          )}
          {link.data && (
            <div className="grid gap-3">
              <Label htmlFor={inputId}>Referral link</Label>
              <div className="flex gap-2">
                <Input id={inputId} readOnly value={link.data.url} onFocus={(event) => event.target.select()} />
                <Button type="button" onClick={() => link.data && copy(link.data.url)}>
                  <CopyIcon aria-hidden="true" />
                  Copy
                </Button>
              </div>
              <p role="status" className="text-sm text-muted-foreground">
                {copied === 'copied'
                  ? jobReachTexts.referralLinkCopied
                  : copied === 'failed'
                    ? jobReachTexts.copyFailed
                    : ''}
              </p>
              <p className="text-sm text-muted-foreground">
                {link.data.applications === 1
                  ? '1 application came through your link.'
                  : `${link.data.applications} applications came through your link.`}
              </p>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

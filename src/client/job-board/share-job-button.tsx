import { CheckIcon, Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { cn } from '~/client/lib/cn';
import { jobLinkWithSource, jobReachTexts } from '~/shared/job-reach';
import { paths } from '~/shared/routes';

// Share on a job's public page: the job's address with ?source=shared_link, so an application that comes of
// it says it came through a shared link (decision 058). The phone's share sheet where there is one, else the
// clipboard; if neither works the link is shown to copy by hand. Plain markup: the public page keeps its
// JavaScript small.
export function ShareJobButton({ jobId, title }: { jobId: string; title: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const link = () =>
    jobLinkWithSource(`${window.location.origin}${paths.jobPost.getHref({ id: jobId })}`, { source: 'shared_link' });

  async function share() {
    const url = link();
    if (typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches) {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // Dismissed or refused: the clipboard instead.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  }

  return (
    <div className="grid gap-2">
      <button type="button" className={cn(buttonVariants({ variant: 'outline' }), 'max-sm:w-full')} onClick={share}>
        {state === 'copied' ? <CheckIcon aria-hidden="true" /> : <Share2Icon aria-hidden="true" />}
        Share
      </button>
      <p role="status" className="text-sm text-muted-foreground">
        {state === 'copied' ? jobReachTexts.shareLinkCopied : ''}
      </p>
      {state === 'manual' && (
        <label className="grid gap-1 text-sm">
          <span>{jobReachTexts.copyFailed}</span>
          <input
            readOnly
            value={link()}
            className="rounded-md border border-input bg-background px-3 py-2"
            onFocus={(event) => event.target.select()}
          />
        </label>
      )}
    </div>
  );
}

import { HeartIcon } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { jobBoardTexts } from '~/shared/job-board-texts';
import { useToggleSavedJob } from './api';

// The save-job heart (docs/spec/portal-and-public-site.md §2): it persists, and says so ('Saved job' / 'Removed
// from saved').
export function SaveJobButton({ job }: { job: { id: string; title: string; is_saved: boolean } }) {
  const toggle = useToggleSavedJob();
  const isSaved = job.is_saved;

  function onToggle() {
    toggle.mutate(
      { jobId: job.id, save: !isSaved },
      {
        onSuccess: (state) =>
          toast({ title: state.is_saved ? jobBoardTexts.saved : jobBoardTexts.unsaved, description: job.title }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: jobBoardTexts.saveErrorTitle,
            description: isApiError(error) && error.status < 500 ? error.message : jobBoardTexts.saveError,
          }),
      },
    );
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      shape="round"
      aria-pressed={isSaved}
      aria-label={`Save ${job.title}`}
      title={isSaved ? 'Remove from saved jobs' : 'Save job'}
      disabled={toggle.isPending}
      onClick={onToggle}
    >
      <HeartIcon aria-hidden="true" className={cn(isSaved ? 'fill-red-600 text-red-600' : 'text-muted-foreground')} />
    </Button>
  );
}

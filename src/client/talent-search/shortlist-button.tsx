import { HeartIcon } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { notify } from '~/client/components/ui/notify';
import { cn } from '~/client/lib/cn';
import { type Candidate, talentTexts } from '~/shared/talent-search';
import { useToggleShortlist } from './api';

// Spec §4: the shortlist toast shows for three seconds. The Radix notification area has one duration for
// all (5 s), so this toast goes through sonner, which takes one per toast.
export const SHORTLIST_TOAST_MS = 3000;

// The shortlist heart (spec §2, §4): it flips at once, persists, says so, and flips back on failure.
export function ShortlistButton({
  candidate,
  className,
  onChange,
}: {
  candidate: Pick<Candidate, 'id' | 'name' | 'is_shortlisted'>;
  className?: string;
  // For a copy of the candidate outside the cached lists (the open profile): told of each flip.
  onChange?: (isShortlisted: boolean) => void;
}) {
  const toggle = useToggleShortlist();
  const isShortlisted = candidate.is_shortlisted;

  function onToggle() {
    const { name } = candidate;
    onChange?.(!isShortlisted);
    toggle.mutate(
      { candidateId: candidate.id, shortlist: !isShortlisted },
      {
        onSuccess: (state) =>
          state.is_shortlisted
            ? notify.success(talentTexts.shortlistAdded, {
                description: talentTexts.shortlistAddedBody(name),
                duration: SHORTLIST_TOAST_MS,
              })
            : notify.success(talentTexts.shortlistRemoved, {
                description: talentTexts.shortlistRemovedBody(name),
                duration: SHORTLIST_TOAST_MS,
              }),
        onError: () => {
          onChange?.(isShortlisted);
          notify.error(talentTexts.shortlistFailed);
        },
      },
    );
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      shape="round"
      aria-pressed={isShortlisted}
      aria-label={isShortlisted ? `Remove ${candidate.name} from shortlist` : `Add ${candidate.name} to shortlist`}
      // One change at a time per heart: a second click waits for the first answer.
      disabled={toggle.isPending}
      onClick={onToggle}
      className={className}
    >
      <HeartIcon
        aria-hidden="true"
        className={cn(isShortlisted ? 'fill-red-600 text-red-600' : 'text-muted-foreground')}
      />
    </Button>
  );
}

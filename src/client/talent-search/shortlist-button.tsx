import { HeartIcon } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { useAllowed } from '~/client/lib/allowed';
import { cn } from '~/client/lib/cn';
import type { Candidate } from '~/shared/talent-search';
import { useToggleShortlist } from './api';

// The shortlist heart (docs/spec/portal-and-public-site.md §2, §4): it flips at once, persists, says so, and
// flips back on failure (the toasts are the mutation's, in api.ts).
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
  // A role that may read the shortlist but not change it (a Viewer) sees no heart to press.
  const mayChange = useAllowed('update:shortlist:own');

  function onToggle() {
    onChange?.(!isShortlisted);
    toggle.mutate(
      { candidateId: candidate.id, name: candidate.name, shortlist: !isShortlisted },
      { onError: () => onChange?.(isShortlisted) },
    );
  }

  if (!mayChange) return null;
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

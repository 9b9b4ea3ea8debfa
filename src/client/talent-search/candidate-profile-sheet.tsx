import { lazy, type ReactNode } from 'react';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Sheet, SheetContent } from '~/client/components/ui/sheet';
import { possessive } from '~/shared/possessive';
import type { Candidate } from '~/shared/talent-search';

// The profile's code (its sections, the report form, the background lists) loads as the drawer first
// opens (decision 037).
const CandidateProfile = lazy(() =>
  import('./candidate-profile').then((module) => ({ default: module.CandidateProfile })),
);

interface CandidateProfileSheetProps {
  candidate: Candidate | null;
  onOpenChange: (open: boolean) => void;
  onShortlistChange: (isShortlisted: boolean) => void;
  // Invite to apply, for a shortlisted candidate.
  actions?: ReactNode;
}

// A candidate's full profile in a drawer over the results (docs/spec/portal-and-public-site.md §2: a card opens
// the profile): the whole summary and every skill, beside what the card shows, at once from the search's
// answer; and the tests the candidate passed, fetched as the drawer opens.
export function CandidateProfileSheet({
  candidate,
  onOpenChange,
  onShortlistChange,
  actions,
}: CandidateProfileSheetProps) {
  return (
    <Sheet open={candidate !== null} onOpenChange={onOpenChange}>
      {candidate && (
        <SheetContent side="right" title={`${possessive(candidate.name)} profile`} className="overflow-y-auto">
          <DeferredDialogBody>
            <CandidateProfile candidate={candidate} onShortlistChange={onShortlistChange} actions={actions} />
          </DeferredDialogBody>
        </SheetContent>
      )}
    </Sheet>
  );
}

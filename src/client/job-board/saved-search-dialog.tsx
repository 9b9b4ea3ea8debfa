import { lazy } from 'react';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { describeFilters } from '~/shared/saved-search-filters';
import type { SavedSearch, SavedSearchFiltersInput } from '~/shared/saved-searches';

// The form, its checks, zod and react-hook-form load when the dialog opens (decision 037).
const SavedSearchForm = lazy(() =>
  import('./saved-search-form').then((module) => ({ default: module.SavedSearchForm })),
);

export type DialogTarget =
  // Saving Find Jobs' current filters.
  | { kind: 'new'; filters: SavedSearchFiltersInput; summary: string }
  // Renaming a saved search or changing its alerts.
  | { kind: 'edit'; search: SavedSearch };

// Save Search on Find Jobs, and Edit on Saved Searches: a name and how often its new jobs are emailed.
export function SavedSearchDialog({
  target,
  onOpenChange,
}: {
  target: DialogTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  const isNew = target?.kind === 'new';
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={isNew ? 'Save this search' : 'Edit saved search'}
        description={
          target
            ? `Looks for: ${target.kind === 'new' ? target.summary : describeFilters(target.search.filters)}`
            : undefined
        }
        className="max-w-lg"
      >
        {target && (
          <DeferredDialogBody>
            <SavedSearchForm target={target} onDone={() => onOpenChange(false)} />
          </DeferredDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}

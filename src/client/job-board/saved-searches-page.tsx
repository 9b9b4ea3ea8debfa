import { useQuery } from '@tanstack/react-query';
import { BellIcon, BellOffIcon, BookmarkIcon, PencilIcon, PlayIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Card } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { describeFilters } from '~/shared/saved-search-filters';
import {
  alertFrequencyLabels,
  SAVED_SEARCHES_MAX,
  SAVED_SEARCHES_PAGE_SIZE,
  type SavedSearch,
  savedSearchTexts,
} from '~/shared/saved-searches';
import { savedSearchesQueryOptions, useDeleteSavedSearch } from './api';
import { SavedSearchDialog } from './saved-search-dialog';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

// /applicant/saved-searches: the applicant's saved searches a page at a time, each run again in one click,
// renamed, its alerts changed, or deleted. New ones are saved from Find Jobs.
export default function SavedSearchesPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const [page, setPage] = useState(1);
  const searches = useQuery(savedSearchesQueryOptions({ page, page_size: SAVED_SEARCHES_PAGE_SIZE }));
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const remove = useDeleteSavedSearch();
  const items = searches.data?.items ?? [];

  function handleDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Saved search deleted', description: deleting.name });
        setDeleting(null);
        // The last one of a later page gone: show the page before.
        if (items.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => {
        setDeleting(null);
        toast({
          variant: 'destructive',
          title: 'The saved search was not deleted',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
        });
      },
    });
  }

  return (
    <>
      <PageMeta title={title} />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">
            Searches you saved from Find Jobs, and the job alerts we email for each.
            {searches.data &&
              (searches.data.remaining === SAVED_SEARCHES_MAX
                ? ` You can save up to ${SAVED_SEARCHES_MAX}.`
                : ` You can save ${searches.data.remaining} more (up to ${SAVED_SEARCHES_MAX}).`)}
          </p>
        </div>
        <Link to={paths.applicantJobs.getHref()} className={buttonVariants({ variant: 'outline' })}>
          Find Jobs
        </Link>
      </div>

      {searches.isPending && (
        <div role="status" aria-label="Loading saved searches" className="grid gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      )}
      {searches.isError && (
        <Alert variant="destructive" className="flex-col gap-2">
          <p>{errorMessage(searches.error, savedSearchTexts.loadError)}</p>
          <Button size="sm" variant="outline" className="w-fit" onClick={() => searches.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {searches.isSuccess && items.length === 0 && (
        <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center">
          <BookmarkIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No saved searches yet</p>
          <p className="text-sm text-muted-foreground">
            Search on Find Jobs, then choose Save Search to get new matching jobs by email.
          </p>
          <Link to={paths.applicantJobs.getHref()} className={buttonVariants({ variant: 'outline' })}>
            Go to Find Jobs
          </Link>
        </Card>
      )}
      {items.length > 0 && (
        <ul
          aria-label="Saved searches"
          className={searches.isPlaceholderData ? 'grid gap-3 opacity-60' : 'grid gap-3'}
          aria-busy={searches.isPlaceholderData}
        >
          {items.map((search) => (
            <li key={search.id}>
              <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="break-words font-semibold">{search.name}</h2>
                    <Badge variant={search.frequency === 'none' ? 'secondary' : 'default'}>
                      {search.frequency === 'none' ? (
                        <BellOffIcon aria-hidden="true" className="size-3" />
                      ) : (
                        <BellIcon aria-hidden="true" className="size-3" />
                      )}
                      {alertFrequencyLabels[search.frequency]}
                    </Badge>
                  </div>
                  <p className="break-words text-sm text-muted-foreground">{describeFilters(search.filters)}</p>
                  <p className="text-xs text-muted-foreground">
                    Saved {dateFormat.format(new Date(search.created_at))}
                    {search.last_alerted_at && ` · Last alert ${dateFormat.format(new Date(search.last_alerted_at))}`}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-1">
                  <Link
                    to={search.search_path}
                    className={buttonVariants({ size: 'sm' })}
                    aria-label={`Run ${search.name}`}
                  >
                    <PlayIcon aria-hidden="true" />
                    Run search
                  </Link>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${search.name}`}
                    onClick={() => setEditing(search)}
                  >
                    <PencilIcon aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${search.name}`}
                    onClick={() => setDeleting(search)}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {searches.data && searches.data.total > 0 && (
        <div className="mt-6">
          <Pagination
            page={page}
            pageSize={SAVED_SEARCHES_PAGE_SIZE}
            total={searches.data.total}
            onPageChange={setPage}
            noun="saved searches"
          />
        </div>
      )}
      <SavedSearchDialog
        target={editing ? { kind: 'edit', search: editing } : null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this saved search'}?`}
        description="Its job alerts stop too. Jobs you saved or applied to stay as they are."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={handleDelete}
      />
    </>
  );
}

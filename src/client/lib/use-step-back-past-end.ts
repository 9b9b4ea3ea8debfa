import { useEffect } from 'react';

interface PagedQuery {
  isSuccess: boolean;
  isPlaceholderData: boolean;
  data?: { items: readonly unknown[]; total?: number };
}

// After the last rows of the last page went (deleted, archived, settled, unlisted), show the page that
// now is the last rather than an empty one. True while it does: the empty state is not the answer then.
export function useStepBackPastEnd(
  query: PagedQuery,
  page: number,
  pageSize: number,
  setPage: (page: number, options: { replace: true }) => void,
): boolean {
  const lastPage = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));
  const isPastEnd =
    query.isSuccess && !query.isPlaceholderData && (query.data?.items.length ?? 0) === 0 && page > lastPage;
  useEffect(() => {
    if (isPastEnd) setPage(lastPage, { replace: true });
  }, [isPastEnd, lastPage, setPage]);
  return isPastEnd;
}

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from './button';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  // What is being counted ("jobs", "tests").
  noun: string;
  // The total is an estimate: it reads "of about 280,000".
  isEstimate?: boolean;
  // The last page the server answers, however large the total.
  maxPage?: number;
}

// Server-side pagination: the range shown, previous/next and the page numbers around the current one.
export function Pagination({ page, pageSize, total, onPageChange, noun, isEstimate, maxPage }: PaginationProps) {
  const pageCount = Math.min(maxPage ?? Number.POSITIVE_INFINITY, Math.max(1, Math.ceil(total / pageSize)));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const start = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, index) => start + index);
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {isEstimate ? 'about ' : ''}
        {total.toLocaleString('en-US')} {noun}
      </p>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
          aria-label="Previous page"
        >
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
        </Button>
        {pages.map((number) => (
          <Button
            key={number}
            variant={number === page ? 'default' : 'outline'}
            size="sm"
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onPageChange(number)}
          >
            {number}
          </Button>
        ))}
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
          aria-label="Next page"
        >
          <ChevronRightIcon className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

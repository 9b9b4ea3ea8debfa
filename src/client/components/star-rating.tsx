import { StarIcon } from 'lucide-react';

// A rating out of five from reviews after work, as every card and profile shows it: 4.8 (12 reviews) — one
// decimal, as docs/spec/portal-and-public-site.md §3 gives a talent's rating.
export function StarRating({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  if (rating === null) return <span>No ratings yet</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <StarIcon className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="font-medium text-foreground tabular-nums">{rating.toFixed(1)}</span>
      <span className="sr-only">out of 5</span>
      {reviewCount > 0 && (
        <span className="tabular-nums">
          ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
        </span>
      )}
    </span>
  );
}

import { StarIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '~/client/lib/cn';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '~/shared/application-statuses';

const STARS = Array.from(
  { length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 },
  (_, index) => index + REVIEW_RATING_MIN,
);

// 1–5 stars: native radio buttons drawn as stars, so the arrow keys, a screen reader ("3 stars, 3 of 5")
// and a tap all work. The pipeline saves a reviewer's choice at once; a review form (reviews after work)
// holds it with an error under the stars. Shared by both, so it lives here.
export function RatingStars({
  value,
  onChange,
  label = 'Your rating',
  error,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  label?: string;
  error?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="grid gap-1"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="flex items-center gap-1">
        {STARS.map((star) => {
          const isLit = value != null && star <= value;
          return (
            <label
              key={star}
              className="relative rounded-sm p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              {/* The radio itself covers its star, unseen: a tap or a click lands on it. */}
              <input
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
              />
              <StarIcon
                aria-hidden="true"
                className={cn(
                  'pointer-events-none size-6',
                  isLit ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
                )}
              />
              <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

// The average as stars read out in words: '4.5 out of 5 from 2 reviewers'.
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average == null || count === 0) return <span className="text-muted-foreground">Not rated</span>;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <StarIcon aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      <span aria-hidden="true">
        {average.toFixed(1)} <span className="text-muted-foreground">({count})</span>
      </span>
      <span className="sr-only">{`Rated ${average.toFixed(1)} out of 5 by ${count} reviewer${count === 1 ? '' : 's'}`}</span>
    </span>
  );
}

import { Star } from 'lucide-react';
import type { Testimonial } from '~/client/content/testimonials';
import { InitialsAvatar } from './components/site-layout';

const VISIBLE_RESULTS = 2;

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { author, position, company, industry, rating, quote, results } = testimonial;
  const hiddenResults = results.length - VISIBLE_RESULTS;
  return (
    <article
      data-category={testimonial.category}
      className="flex h-full flex-col rounded-xl border border-border bg-background p-6 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <InitialsAvatar name={author} />
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">{author}</h3>
          <p className="text-sm text-muted-foreground">{position}</p>
          <p className="text-sm font-medium text-foreground">{company}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <span className="rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
          {industry}
        </span>
        <div role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-0.5">
          {[1, 2, 3, 4, 5].map((star) => (
            <Star
              key={star}
              aria-hidden="true"
              className={star <= rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-slate-300'}
            />
          ))}
        </div>
      </div>
      <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
        <p>“{quote}”</p>
      </blockquote>
      <div className="mt-5 border-t border-border pt-4">
        <h4 className="text-sm font-semibold">Key Results</h4>
        <ul className="mt-2 space-y-1.5 text-sm">
          {results.slice(0, VISIBLE_RESULTS).map((result) => (
            <li key={result} className="flex gap-2">
              <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-emerald-600" />
              <span>{result}</span>
            </li>
          ))}
        </ul>
        {hiddenResults > 0 && <p className="mt-2 text-sm text-muted-foreground">+{hiddenResults} more results...</p>}
      </div>
    </article>
  );
}

import { ChevronLeftIcon, ChevronRightIcon, QuoteIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Testimonial } from '~/client/content/home';
import { cn } from '~/client/lib/cn';
import { InitialsAvatar } from './components/site-layout';
import { attachTestimonialCarousel } from './testimonial-carousel-controls';

// The home page's testimonials: a grid from the md breakpoint up, one at a time below it with
// previous/next buttons and dots. It never moves on its own, so there is no motion to reduce. Drawn on the
// first; testimonial-carousel-controls.ts moves it, on the prerendered page and in the app alike.

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
      <QuoteIcon aria-hidden="true" className="size-8 text-indigo-300" />
      <blockquote className="mt-4 flex-1 text-pretty text-foreground">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4">
        <InitialsAvatar name={testimonial.author} />
        <div className="text-sm">
          <p className="font-semibold">{testimonial.author}</p>
          <p className="text-muted-foreground">
            {testimonial.position}, {testimonial.company}
          </p>
        </div>
      </figcaption>
    </figure>
  );
}

const controlClassName =
  'inline-flex size-11 items-center justify-center rounded-full border border-input bg-background text-foreground hover:bg-muted';

export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const count = testimonials.length;
  useEffect(() => (rootRef.current ? attachTestimonialCarousel(rootRef.current) : undefined), []);

  return (
    <div ref={rootRef} data-carousel>
      <ul data-carousel-list className="grid gap-6 md:grid-cols-2">
        {testimonials.map((testimonial, index) => (
          <li key={testimonial.author} data-carousel-item className={cn(index === 0 ? 'block' : 'hidden', 'md:block')}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>

      {/* Arrow keys, Home and End move between testimonials while focus is on these controls. */}
      <fieldset
        data-carousel-controls
        aria-label="Choose a testimonial"
        className="mt-6 flex min-w-0 items-center justify-center gap-3 md:hidden"
      >
        <button type="button" data-carousel-previous aria-label="Previous testimonial" className={controlClassName}>
          <ChevronLeftIcon aria-hidden="true" className="size-5" />
        </button>
        <div className="flex items-center gap-1">
          {testimonials.map((testimonial, index) => {
            const isActive = index === 0;
            return (
              <button
                key={testimonial.author}
                type="button"
                data-carousel-dot
                aria-label={`Show testimonial ${index + 1}`}
                aria-current={isActive ? 'true' : undefined}
                className="group inline-flex size-6 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'size-2.5 rounded-full border border-primary',
                    isActive ? 'bg-primary' : 'bg-background group-hover:bg-indigo-200',
                  )}
                />
              </button>
            );
          })}
        </div>
        <button type="button" data-carousel-next aria-label="Next testimonial" className={controlClassName}>
          <ChevronRightIcon aria-hidden="true" className="size-5" />
        </button>
      </fieldset>
      <p data-carousel-status aria-live="polite" aria-atomic="true" className="sr-only md:hidden">
        {`Testimonial 1 of ${count}`}
      </p>
    </div>
  );
}

import { ChevronLeftIcon, ChevronRightIcon, QuoteIcon } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { Testimonial } from '~/client/content/home';
import { cn } from '~/client/lib/cn';
import { InitialsAvatar } from './components/site-layout';

// The home page's testimonials: a grid from the md breakpoint up, one at a time below it with
// previous/next buttons and dots. It never moves on its own, so there is no motion to reduce.

const SWIPE_THRESHOLD_PX = 50;

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
  const [activeIndex, setActiveIndex] = useState(0);
  const touchStartX = useRef<number | null>(null);
  const count = testimonials.length;

  function show(index: number) {
    setActiveIndex((index + count) % count);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: activeIndex - 1,
      ArrowRight: activeIndex + 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next);
  }

  return (
    <div>
      <ul
        className="grid gap-6 md:grid-cols-2"
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStartX.current;
          const end = event.changedTouches[0]?.clientX;
          touchStartX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
          show(end < start ? activeIndex + 1 : activeIndex - 1);
        }}
      >
        {testimonials.map((testimonial, index) => (
          <li key={testimonial.author} className={cn(index === activeIndex ? 'block' : 'hidden', 'md:block')}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>

      {/* Arrow keys, Home and End move between testimonials while focus is on these controls. */}
      <fieldset
        aria-label="Choose a testimonial"
        className="mt-6 flex min-w-0 items-center justify-center gap-3 md:hidden"
        onKeyDown={handleKeyDown}
      >
        <button
          type="button"
          aria-label="Previous testimonial"
          className={controlClassName}
          onClick={() => show(activeIndex - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" className="size-5" />
        </button>
        <div className="flex items-center gap-1">
          {testimonials.map((testimonial, index) => {
            const isActive = index === activeIndex;
            return (
              <button
                key={testimonial.author}
                type="button"
                aria-label={`Show testimonial ${index + 1}`}
                aria-current={isActive ? 'true' : undefined}
                className="group inline-flex size-6 items-center justify-center rounded-full"
                onClick={() => show(index)}
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
        <button
          type="button"
          aria-label="Next testimonial"
          className={controlClassName}
          onClick={() => show(activeIndex + 1)}
        >
          <ChevronRightIcon aria-hidden="true" className="size-5" />
        </button>
      </fieldset>
      <p aria-live="polite" aria-atomic="true" className="sr-only md:hidden">
        {`Testimonial ${activeIndex + 1} of ${count}`}
      </p>
    </div>
  );
}

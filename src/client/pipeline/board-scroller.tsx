import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';

// The board's columns scroll sideways inside it. When they do not all fit (three of seven at 1280 px beside
// the sidebar), a line above says so, with buttons that scroll a column at a time: Offer and Hired were
// off-screen with nothing to tell.
export function BoardScroller({ children }: { children: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    setEdges({
      atStart: element.scrollLeft <= 1,
      atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
    });
  }, []);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // jsdom has no ResizeObserver: there the board never overflows.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);
  const scrollBy = (direction: -1 | 1) => scroller.current?.scrollBy({ left: direction * 300, behavior: 'smooth' });
  const overflows = !(edges.atStart && edges.atEnd);

  return (
    <div className="grid gap-2">
      {overflows && (
        <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
          <span>More stages {edges.atStart ? 'to the right' : edges.atEnd ? 'to the left' : 'on both sides'}</span>
          <Button
            size="icon"
            variant="outline"
            className="size-8"
            aria-label="Earlier stages"
            disabled={edges.atStart}
            onClick={() => scrollBy(-1)}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="outline"
            className="size-8"
            aria-label="Later stages"
            disabled={edges.atEnd}
            onClick={() => scrollBy(1)}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      )}
      {/* relative: the board's screen-reader-only texts are placed inside it, not beyond the page. */}
      <div ref={scroller} className="relative -mx-1 overflow-x-auto px-1 pb-2">
        {children}
      </div>
    </div>
  );
}

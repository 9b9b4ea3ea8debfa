import { ChevronDownIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '~/client/lib/cn';
import { paths } from '~/shared/routes';
import { serviceLinks } from './site-navigation';

// The desktop Services menu: a disclosure of links (the WAI pattern for site navigation),
// operable by keyboard, mouse and touch; Escape or leaving it closes it.
export function ServicesMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const isOutside = (target: EventTarget | null) => target instanceof Node && !containerRef.current?.contains(target);
    function closeOnOutside(event: Event) {
      if (isOutside(event.target)) setIsOpen(false);
    }
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('focusin', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('focusin', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
          isOpen && 'bg-muted text-foreground',
        )}
      >
        Services
        <ChevronDownIcon className={cn('size-4 transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul
        id={panelId}
        hidden={!isOpen}
        className="absolute top-full left-0 z-50 mt-2 w-64 rounded-md border border-border bg-background p-1 shadow-lg"
      >
        {[{ label: 'All Services', href: paths.services.getHref() }, ...serviceLinks].map((link, index) => (
          <li key={link.href}>
            <Link
              to={link.href}
              onClick={() => setIsOpen(false)}
              className={cn('block rounded-sm px-3 py-2 text-sm hover:bg-muted', index === 0 && 'font-semibold')}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

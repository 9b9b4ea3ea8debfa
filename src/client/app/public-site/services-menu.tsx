import { ChevronDownIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '~/client/lib/cn';
import { paths } from '~/shared/routes';
import { serviceLinks } from './site-navigation';

// The desktop Services menu: a disclosure of links (the WAI pattern for site navigation), drawn closed;
// header-menus.ts opens and closes it, on the prerendered pages and in the app alike.
export function ServicesMenu() {
  const panelId = useId();
  return (
    <div data-services-menu className="relative">
      <button
        type="button"
        aria-expanded={false}
        aria-controls={panelId}
        data-open-class="bg-muted text-foreground"
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        Services
        <ChevronDownIcon data-chevron className="size-4 transition-transform" aria-hidden="true" />
      </button>
      <ul
        id={panelId}
        hidden
        className="absolute top-full left-0 z-50 mt-2 w-64 rounded-md border border-border bg-background p-1 shadow-lg"
      >
        {[{ label: 'All Services', href: paths.services.getHref() }, ...serviceLinks].map((link, index) => (
          <li key={link.href}>
            <Link
              to={link.href}
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

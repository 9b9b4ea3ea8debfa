import type { ReactNode } from 'react';
import { cn } from '~/client/lib/cn';

// The clients the home page quotes, each a wordmark: a mark drawn here (no image from elsewhere) and the name,
// grey as such strips are, so no client's colours compete with the page's.

interface ClientLogo {
  name: string;
  mark: ReactNode;
}

// Each mark on a 32×32 grid, in the text's colour.
const clientLogos: ClientLogo[] = [
  {
    name: 'Northwind Home Goods',
    mark: (
      <>
        <path d="M4 26 16 6l12 20Z" />
        <path d="M11 26 16 17l5 9Z" className="fill-background" />
      </>
    ),
  },
  {
    name: 'Harbor Freight Partners',
    mark: (
      <>
        <rect x="4" y="8" width="24" height="16" rx="3" />
        <path d="M4 16h24" className="stroke-background" strokeWidth="3" />
      </>
    ),
  },
  {
    name: 'Lumen Analytics',
    mark: (
      <>
        <rect x="5" y="16" width="5" height="11" rx="1" />
        <rect x="13.5" y="10" width="5" height="17" rx="1" />
        <rect x="22" y="4" width="5" height="23" rx="1" />
      </>
    ),
  },
  {
    name: 'Crestview Dental Group',
    mark: (
      <>
        <circle cx="16" cy="16" r="12" />
        <path d="M9 19c3-7 11-7 14 0" fill="none" className="stroke-background" strokeWidth="3" strokeLinecap="round" />
      </>
    ),
  },
  {
    name: 'Tallyway',
    mark: (
      <>
        <path d="M6 6h20v6H19v14h-6V12H6Z" />
      </>
    ),
  },
  {
    name: 'Parcelpoint',
    mark: (
      <>
        <path d="M16 3 28 9.5v13L16 29 4 22.5v-13Z" />
        <path d="M4 9.5 16 16l12-6.5M16 16v13" fill="none" className="stroke-background" strokeWidth="2.5" />
      </>
    ),
  },
];

export function ClientLogos({ className }: { className?: string }) {
  return (
    <div className={cn('grid gap-3', className)}>
      <p className="text-sm font-medium text-muted-foreground">Teams at these companies work with Tandem</p>
      <ul className="flex flex-wrap items-center gap-x-6 gap-y-3 text-muted-foreground">
        {clientLogos.map((logo) => (
          <li key={logo.name} className="flex items-center gap-2">
            <svg viewBox="0 0 32 32" className="size-6 shrink-0 fill-current" aria-hidden="true">
              {logo.mark}
            </svg>
            <span className="text-sm font-semibold tracking-tight whitespace-nowrap">{logo.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

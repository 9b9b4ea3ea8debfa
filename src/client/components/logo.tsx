import { Link } from 'react-router';
import { cn } from '~/client/lib/cn';

export function Logo({
  to = '/',
  className,
  tone = 'dark',
}: {
  to?: string;
  className?: string;
  tone?: 'dark' | 'light';
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight',
        tone === 'light' ? 'text-white' : 'text-foreground',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <circle cx="12" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="20" cy="16" r="6" fill="none" stroke="#a5b4fc" strokeWidth="3" />
      </svg>
      <span>Tandem</span>
    </Link>
  );
}

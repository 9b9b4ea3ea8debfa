import { cn } from '~/client/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-8 animate-spin rounded-full border-4 border-muted border-t-primary motion-reduce:animate-none',
          className,
        )}
      />
      {label && <span className="sr-only">{label}</span>}
    </>
  );
}

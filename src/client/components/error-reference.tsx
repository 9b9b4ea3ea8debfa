import { cn } from '~/client/lib/cn';

// An ApiError's request id, read by shape: the app's root error screen shows it too, and importing the
// API client there would put it (and the contracts it reads) into every public page's JavaScript.
function requestIdOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('requestId' in error)) return undefined;
  return typeof error.requestId === 'string' && error.requestId ? error.requestId : undefined;
}

// The request id of a failed call, small, for a person to copy into a message to support: it finds
// the request's line in the server's log.
export function ErrorReference({ error, className }: { error: unknown; className?: string }) {
  const requestId = requestIdOf(error);
  if (!requestId) return null;
  return (
    <p className={cn('text-xs opacity-80', className)}>
      Reference: <span className="select-all font-mono">{requestId}</span>
    </p>
  );
}

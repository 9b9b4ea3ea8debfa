import { XIcon } from 'lucide-react';
import { Badge } from '~/client/components/ui/badge';

// A removable chip; the button names what it removes for screen readers.
export function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Badge variant="secondary" className="max-w-full gap-1 py-1 pr-1 pl-3 text-sm">
      <span className="truncate">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        className="rounded-full p-0.5 hover:bg-border focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={`Remove ${label}`}
      >
        <XIcon className="size-3.5" aria-hidden="true" />
      </button>
    </Badge>
  );
}

import { cn } from '~/client/lib/cn';
import type { ShiftStatus } from '~/shared/billing';

// Where a talent is in their shift, from their clock (spec: 'on-shift, on break, offline'): the company
// dashboard's Current Employees, the company's assignments and the talent's own clock.
export const shiftStatusLabels: Record<ShiftStatus, string> = {
  on_shift: 'On shift',
  on_break: 'On break',
  offline: 'Offline',
};

const dotColours: Record<ShiftStatus, string> = {
  on_shift: 'bg-emerald-500',
  on_break: 'bg-amber-500',
  offline: 'bg-zinc-400',
};

// The coloured dot alone; its meaning is said by a label beside it or by `label` for screen readers.
export function ShiftStatusDot({ status, className }: { status: ShiftStatus; className?: string }) {
  return (
    <span
      className={cn('inline-block size-2.5 shrink-0 rounded-full', dotColours[status], className)}
      aria-hidden="true"
    />
  );
}

// The dot with its words: 'On shift', 'On break', 'Offline'.
export function ShiftStatusLabel({ status, className }: { status: ShiftStatus; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', className)}>
      <ShiftStatusDot status={status} />
      {shiftStatusLabels[status]}
    </span>
  );
}

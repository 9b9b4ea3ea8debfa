import { CalendarIcon, XIcon } from 'lucide-react';
import { type Ref, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Calendar } from '~/client/components/ui/calendar';
import type { FieldControlProps } from '~/client/components/ui/form-field';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { fromIsoDay, toIsoDay } from '~/client/lib/iso-day';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

// "December 1, 2026".
export const formatLongDate = (day: string) => longDate.format(fromIsoDay(day));

interface DatePickerProps extends FieldControlProps {
  // The field's name, which the button's accessible name repeats with the chosen date.
  label: string;
  // YYYY-MM-DD, or null while none is chosen.
  value: string | null;
  onChange: (day: string | null) => void;
  // Days before today (the viewer's) cannot be chosen.
  disablePast?: boolean;
  // A date the record already had stays choosable after it has passed.
  keptDate?: string | null;
  // Offers to clear the date (an optional field).
  clearable?: boolean;
  // The button, for a form to focus when the field is wrong.
  ref?: Ref<HTMLButtonElement>;
}

// A day from a month calendar whose weeks start on Sunday (docs/spec/portal-and-public-site.md §5, §9): the
// job form's start date and the offer's. The day clicked is the day sent, in the viewer's own calendar.
export function DatePicker({
  label,
  value,
  onChange,
  disablePast = false,
  keptDate,
  clearable = false,
  ref,
  ...control
}: DatePickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const selected = value ? fromIsoDay(value) : undefined;
  const kept = keptDate ? fromIsoDay(keptDate) : undefined;

  return (
    <div className="flex items-center gap-2">
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button
            ref={ref}
            variant="outline"
            className="min-w-0 flex-1 justify-start font-normal sm:max-w-xs"
            {...control}
            // The name carries the value too: a label alone would hide the chosen date from screen readers.
            aria-label={`${label}: ${value ? formatLongDate(value) : 'not set'}`}
          >
            <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
            {/* Full-strength text even without a date: muted text read as a disabled control. */}
            <span className="truncate">{value ? formatLongDate(value) : 'Pick a date'}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-2" align="start" aria-label={label}>
          <Calendar
            mode="single"
            selected={selected}
            defaultMonth={selected ?? today}
            onSelect={(date) => {
              onChange(date ? toIsoDay(date) : null);
              setIsOpen(false);
            }}
            disabled={disablePast ? (date) => date < today && !(kept && date.getTime() === kept.getTime()) : undefined}
          />
        </PopoverContent>
      </Popover>
      {clearable && value && (
        <Button variant="ghost" size="icon" onClick={() => onChange(null)} aria-label={`Clear ${label.toLowerCase()}`}>
          <XIcon aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

import { CalendarIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Calendar } from '~/client/components/ui/calendar';
import type { FieldControlProps } from '~/client/components/ui/form-field';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { fromIsoDay, toIsoDay } from './job-form-values';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export const formatStartDate = (day: string) => longDate.format(fromIsoDay(day));

interface StartDatePickerProps extends FieldControlProps {
  value: string | null;
  onChange: (day: string | null) => void;
  // A date the job already had stays choosable after it has passed.
  keptDate?: string | null;
}

// The start date from a calendar whose weeks start on Sunday and whose past days are disabled
// (docs/spec/portal-and-public-site.md §5, §9).
export function StartDatePicker({ value, onChange, keptDate, ...control }: StartDatePickerProps) {
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
            variant="outline"
            className="min-w-0 flex-1 justify-start font-normal sm:max-w-xs"
            {...control}
            // The name carries the value too: a label alone would hide the chosen date from screen readers.
            aria-label={`Start date: ${value ? formatStartDate(value) : 'not set'}`}
          >
            <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
            {/* Full-strength text even without a date: muted text read as a disabled control. */}
            <span className="truncate">{value ? formatStartDate(value) : 'Pick a date'}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-2" align="start">
          <Calendar
            mode="single"
            selected={selected}
            defaultMonth={selected ?? today}
            onSelect={(date) => {
              onChange(date ? toIsoDay(date) : null);
              setIsOpen(false);
            }}
            disabled={(date) => date < today && !(kept && date.getTime() === kept.getTime())}
          />
        </PopoverContent>
      </Popover>
      {value && (
        <Button variant="ghost" size="icon" onClick={() => onChange(null)} aria-label="Clear start date">
          <XIcon aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

import type { CSSProperties } from 'react';
import { DayPicker, type DayPickerProps } from 'react-day-picker';
import 'react-day-picker/style.css';
import { cn } from '~/client/lib/cn';

// DayPicker's CSS variables set to the theme's colours and a denser grid.
const themeVariables = {
  '--rdp-accent-color': 'var(--color-primary)',
  '--rdp-accent-background-color': 'var(--color-accent)',
  '--rdp-day-height': '2.5rem',
  '--rdp-day-width': '2.5rem',
  '--rdp-day_button-height': '2.375rem',
  '--rdp-day_button-width': '2.375rem',
} as CSSProperties;

// A month calendar; weeks start on Sunday (docs/spec/portal-and-public-site.md §9).
export function Calendar({ className, style, ...props }: DayPickerProps) {
  return (
    <DayPicker
      weekStartsOn={0}
      className={cn('p-1 text-sm', className)}
      style={{ ...themeVariables, ...style }}
      {...props}
    />
  );
}

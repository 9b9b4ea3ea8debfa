import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { format } from 'date-fns';

// The date picker's calendar (components/date-picker.tsx), as a person uses it: open it from its button, move
// to the day's month, click the day. Queries stay inside the open calendar: a role query over the whole page
// computes every element's name, and a dialog behind the calendar made each lookup cost 200-400 ms in jsdom.

/** The open calendar's popover (react-day-picker's grid inside the date picker's popover). */
export async function openCalendarWith(events: UserEvent, button: HTMLElement): Promise<HTMLElement> {
  await events.click(button);
  const grid = await screen.findByRole('grid');
  return (grid.closest('[role="dialog"]') as HTMLElement | null) ?? grid;
}

// react-day-picker names a day 'Monday, June 15th, 2026' (with 'Today, ' or ', selected' around it).
export const dayButtonIn = (calendar: HTMLElement, day: Date) =>
  within(calendar).queryByRole('button', { name: new RegExp(format(day, 'PPPP')) });

/** Opens the calendar of a date button and chooses a day, moving up to two months ahead to find it. */
export async function pickDayWith(events: UserEvent, button: HTMLElement, day: Date) {
  const calendar = await openCalendarWith(events, button);
  for (let moves = 0; !dayButtonIn(calendar, day) && moves < 2; moves += 1) {
    await events.click(within(calendar).getByRole('button', { name: 'Go to the Next Month' }));
  }
  const dayButton = dayButtonIn(calendar, day);
  if (!dayButton) throw new Error(`No ${format(day, 'PPPP')} within two months of the calendar's first.`);
  await events.click(dayButton);
}

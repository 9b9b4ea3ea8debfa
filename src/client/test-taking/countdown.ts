import { useEffect, useRef, useState } from 'react';

// The time left on an open test, by the server's clock: the server says what its clock read when it
// answered (server_time), and the local clock only measures how long ago that was. A computer whose
// clock is wrong by hours still counts down the right minutes.

const TICK_MS = 250;
// Said to screen readers as the time runs out (seconds left).
export const COUNTDOWN_WARNINGS = [5 * 60, 60] as const;

// How far the server's clock is ahead of this one, in milliseconds.
export const clockOffsetOf = (serverTime: string, receivedAt: number) => Date.parse(serverTime) - receivedAt;

// Whole seconds left, rounded up: the clock reads 00:00 only once the time is really up.
export function secondsLeft(deadlineAt: string, clockOffset: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(deadlineAt) - (now + clockOffset)) / 1000));
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

// 42:07, or 1:05:09 from an hour up.
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}` : `${twoDigits(minutes)}:${twoDigits(rest)}`;
}

// The warning the clock passed going from `before` to `after` seconds left, if any. A page opened with
// three minutes left passed the five-minute mark before it was shown, so it does not announce it.
export function crossedWarning(before: number, after: number): number | null {
  const crossed = COUNTDOWN_WARNINGS.filter((warning) => after <= warning && before > warning);
  return crossed.length > 0 ? Math.min(...crossed) : null;
}

export const warningText = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute left.' : `${minutes} minutes left.`;
};

// Seconds left, re-read a few times a second so the display turns over with the clock, and the last
// warning passed, for a polite live region.
export function useCountdown({
  deadlineAt,
  serverTime,
  receivedAt,
}: {
  deadlineAt: string;
  serverTime: string;
  receivedAt: number;
}) {
  const clockOffset = clockOffsetOf(serverTime, receivedAt);
  const [seconds, setSeconds] = useState(() => secondsLeft(deadlineAt, clockOffset));
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(seconds);

  useEffect(() => {
    const tick = () => {
      const next = secondsLeft(deadlineAt, clockOffset);
      const warning = crossedWarning(previous.current, next);
      previous.current = next;
      if (warning !== null) setAnnouncement(warningText(warning));
      setSeconds(next);
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [deadlineAt, clockOffset]);

  return { seconds, announcement };
}

import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Test } from '../../../src/shared/assessments';
import type { CreateJobInput, Job, JobList } from '../../../src/shared/jobs';

// Seeds a company's jobs and tests through the API, as the signed-in page (its session cookie).
// A request with the session cookie must say it comes from this site, or the CSRF guard refuses it.

// What a browser's same-site fetch says about itself (src/server/platform/csrf.ts).
export const sameOrigin = { 'sec-fetch-site': 'same-origin' };

export const uniqueName = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;

export async function createActiveTest(page: Page, name = uniqueName('Coding Test')): Promise<Test> {
  const response = await page.request.post('/api/tests', {
    headers: sameOrigin,
    data: {
      name,
      type: 'coding',
      time_limit: 60,
      pass_rate: 75,
      is_active: true,
      questions: [{ type: 'paragraph', question: 'Describe a bug you fixed recently.' }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Test;
}

export async function createJob(page: Page, input: Partial<CreateJobInput> = {}): Promise<Job> {
  const response = await page.request.post('/api/jobs', {
    headers: sameOrigin,
    data: {
      title: uniqueName('Senior React Developer'),
      description: 'Build our customer dashboard.\nShip small, ship often.',
      engagement_type: 'hourly',
      budget_min: 60,
      budget_max: 80,
      skill_tags: ['React', 'TypeScript'],
      required_certs: ['AWS Solutions Architect'],
      status: 'open',
      ...input,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Job;
}

export async function findJobs(request: APIRequestContext, query: string): Promise<Job[]> {
  const response = await request.get(`/api/jobs?${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as JobList).items;
}

// react-day-picker names a day 'Monday, June 15th, 2026'.
export function calendarDayLabel(date: Date): string {
  const day = date.getDate();
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  const weekday = date.toLocaleDateString('en-US', { weekday: 'long' });
  const month = date.toLocaleDateString('en-US', { month: 'long' });
  return `${weekday}, ${month} ${day}${suffix}, ${date.getFullYear()}`;
}

// Chooses a day with a date picker (src/client/components/date-picker.tsx): opens its calendar, moves
// on to the day's month, clicks the day. Returns the day as the API takes it (YYYY-MM-DD, local).
export async function pickCalendarDay(page: Page, field: Locator, date: Date): Promise<string> {
  await field.click();
  const day = page.getByRole('button', { name: calendarDayLabel(date), exact: false });
  await expect(page.getByRole('grid').first()).toBeVisible();
  for (let moves = 0; moves < 2 && (await day.count()) === 0; moves += 1) {
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await day.click();
  await expect(page.getByRole('grid')).toHaveCount(0);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

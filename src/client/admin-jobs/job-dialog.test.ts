import { describe, expect, it } from 'vitest';
import { type Job, jobTexts } from '~/shared/jobs';
import { checkJobDialog, toJobFields } from './job-dialog';

const typed = {
  company_id: 'c0a80101-0000-4000-8000-000000000001',
  title: 'Night Dispatcher',
  description: 'Plan the night routes.',
  engagement_type: 'hourly' as const,
  budget_min: '25',
  budget_max: '',
  budget_total: '',
  weekly_hours: '20',
  openings: '1',
};

// The admin job dialog checks with the company's own schema and publishing rules, and an edit keeps the
// fields it does not show.
describe('the admin job dialog', () => {
  it('asks for a company when creating, and for both rates when publishing', () => {
    expect(checkJobDialog({ ...typed, company_id: '' }, { publishing: false })).toEqual({
      company_id: 'Choose the company this job is for.',
    });
    expect(checkJobDialog(typed, { publishing: true })).toEqual({ budget_max: jobTexts.hourlyRatesRequired });
    expect(checkJobDialog(typed, { publishing: false })).toEqual({});
    expect(checkJobDialog({ ...typed, weekly_hours: '99' }, { publishing: false })).toEqual({
      weekly_hours: jobTexts.weeklyHoursRange,
    });
  });

  it('keeps the fields it does not show when editing', () => {
    const job = {
      start_date: '2026-12-01',
      skill_tags: ['Logistics'],
      timezone: 'UTC+01:00',
      test_ids: ['t1'],
      required_certs: ['PMP'],
      visibility: 'private',
      cc_email: 'ops@acme.test',
    } as unknown as Job;
    expect(toJobFields({ ...typed, budget_max: '35' }, job)).toEqual({
      start_date: '2026-12-01',
      skill_tags: ['Logistics'],
      timezone: 'UTC+01:00',
      test_ids: ['t1'],
      required_certs: ['PMP'],
      visibility: 'private',
      cc_email: 'ops@acme.test',
      title: 'Night Dispatcher',
      description: 'Plan the night routes.',
      engagement_type: 'hourly',
      budget_min: 25,
      budget_max: 35,
      budget_total: null,
      weekly_hours: 20,
      openings: 1,
    });
  });
});

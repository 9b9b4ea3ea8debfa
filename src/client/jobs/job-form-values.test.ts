import { describe, expect, it } from 'vitest';
import { jobTexts } from '~/shared/jobs';
import {
  emptyJobFormValues,
  findPublishProblem,
  formValuesToFields,
  type JobFormValues,
  toggleItem,
  validateJobForm,
  withDraftDefaults,
} from './job-form-values';

const now = new Date('2026-06-15T12:00:00Z');
const complete: JobFormValues = {
  ...emptyJobFormValues,
  title: 'Senior React Developer',
  budget_min: '60',
  budget_max: '80',
  description: 'Build our dashboard.',
};

describe('the job form defaults', () => {
  it('start hourly, 20 hours, UTC+00:00 and public (docs/spec/portal-and-public-site.md §9)', () => {
    expect(emptyJobFormValues).toMatchObject({
      engagement_type: 'hourly',
      weekly_hours: '20',
      timezone: 'UTC+00:00',
      visibility: 'public',
    });
  });
});

describe('formValuesToFields', () => {
  it('sends only the hourly rates for an hourly job', () => {
    const fields = formValuesToFields({ ...complete, budget_total: '5000' });
    expect(fields).toMatchObject({ budget_min: 60, budget_max: 80, budget_total: null, weekly_hours: 20 });
  });

  it('sends only the total for a fixed-price job', () => {
    const fields = formValuesToFields({ ...complete, engagement_type: 'fixed', budget_total: '5000' });
    expect(fields).toMatchObject({ budget_min: null, budget_max: null, budget_total: 5000 });
  });

  it('trims the texts and sends an empty CC email as none', () => {
    const fields = formValuesToFields({ ...complete, title: '  Designer ', cc_email: '  ' });
    expect(fields).toMatchObject({ title: 'Designer', cc_email: null });
  });

  it('fills the draft defaults only where the form is empty', () => {
    expect(withDraftDefaults(formValuesToFields(emptyJobFormValues))).toMatchObject({
      title: 'Untitled Job',
      description: 'Job description to be added.',
    });
    expect(withDraftDefaults(formValuesToFields(complete))).toMatchObject({ title: 'Senior React Developer' });
  });
});

describe('findPublishProblem', () => {
  it('checks in the spec order, with the spec texts', () => {
    expect(findPublishProblem(emptyJobFormValues)).toEqual({
      field: 'title',
      title: 'Missing information',
      description: 'Please provide a job title.',
    });
    expect(findPublishProblem({ ...complete, budget_max: '' })).toEqual({
      field: 'budget_max',
      title: 'Missing budget information',
      description: 'Please specify both minimum and maximum hourly rates.',
    });
    expect(findPublishProblem({ ...complete, engagement_type: 'fixed' })).toEqual({
      field: 'budget_total',
      title: 'Missing budget information',
      description: 'Please specify the total budget for this fixed-price job.',
    });
    expect(findPublishProblem({ ...complete, description: '   ' })).toEqual({
      field: 'description',
      title: 'Missing information',
      description: 'Please provide a job description.',
    });
    expect(findPublishProblem(complete)).toBeNull();
  });

  it('does not ask a fixed-price job for hourly rates', () => {
    expect(findPublishProblem({ ...complete, engagement_type: 'fixed', budget_total: '5000' })).toBeNull();
  });
});

describe('validateJobForm', () => {
  it('accepts a complete job', () => {
    expect(validateJobForm(complete, { publishing: true, now })).toEqual({});
  });

  it('lets a draft be empty', () => {
    expect(validateJobForm(emptyJobFormValues, { publishing: false, now })).toEqual({});
  });

  it('names every missing field when publishing', () => {
    expect(validateJobForm(emptyJobFormValues, { publishing: true, now })).toEqual({
      title: jobTexts.titleRequired,
      budget_min: jobTexts.hourlyRatesRequired,
      budget_max: jobTexts.hourlyRatesRequired,
      description: jobTexts.descriptionRequired,
    });
  });

  it('holds hours to 1–60, rates to at least 1 and the minimum under the maximum', () => {
    const problems = validateJobForm(
      { ...complete, weekly_hours: '61', budget_min: '0', budget_max: '80' },
      { publishing: false, now },
    );
    expect(problems).toEqual({ weekly_hours: jobTexts.weeklyHoursRange, budget_min: jobTexts.rateMinimum });
    expect(validateJobForm({ ...complete, weekly_hours: '' }, { publishing: false, now })).toEqual({
      weekly_hours: jobTexts.weeklyHoursRange,
    });
    expect(validateJobForm({ ...complete, budget_min: '90' }, { publishing: false, now })).toEqual({
      budget_max: jobTexts.rateOrder,
    });
    expect(
      validateJobForm({ ...complete, engagement_type: 'fixed', budget_total: '0' }, { publishing: false, now }),
    ).toEqual({ budget_total: jobTexts.totalMinimum });
  });

  it('refuses a title over 60 characters and a malformed CC email', () => {
    expect(
      validateJobForm({ ...complete, title: 'x'.repeat(61), cc_email: 'nobody' }, { publishing: false, now }),
    ).toEqual({ title: jobTexts.titleTooLong, cc_email: jobTexts.ccEmail });
  });

  it('refuses a past start date unless the job already had it', () => {
    const past = { ...complete, start_date: '2026-06-01' };
    expect(validateJobForm(past, { publishing: false, now })).toEqual({ start_date: jobTexts.startDatePast });
    expect(validateJobForm(past, { publishing: false, now, keptStartDate: '2026-06-01' })).toEqual({});
    expect(validateJobForm({ ...complete, start_date: '2026-06-15' }, { publishing: false, now })).toEqual({});
  });
});

describe('toggleItem', () => {
  it('adds an absent item and removes a present one', () => {
    expect(toggleItem(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleItem(['a', 'b'], 'a')).toEqual(['b']);
  });
});

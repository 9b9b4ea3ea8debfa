import { describe, expect, it } from 'vitest';
import {
  educationValuesToInput,
  emptyWorkValues,
  sortWorkMostRecentFirst,
  workEndMissing,
  workValuesProblems,
  workValuesToInput,
} from './background-form-values';

const job = (title: string, start_month: string, end_month: string, is_current = false) => ({
  ...emptyWorkValues,
  title,
  start_month,
  end_month,
  is_current,
});

describe('the background forms’ values', () => {
  it('sorts the work history most recent first: current jobs, then by end and start month', () => {
    const sorted = sortWorkMostRecentFirst([
      job('Oldest', '2012-01', '2014-06'),
      job('Recent', '2019-02', '2023-05'),
      job('Current', '2023-06', '', true),
      job('Same end, later start', '2020-01', '2023-05'),
    ]);
    expect(sorted.map((entry) => entry.title)).toEqual(['Current', 'Same end, later start', 'Recent', 'Oldest']);
  });

  it('sends a current job without an end month, and asks for one otherwise', () => {
    expect(workValuesToInput(job('Lead', '2023-06', '2024-01', true)).end_month).toBeNull();
    expect(workValuesToInput(job('Lead', '2023-06', '2024-01')).end_month).toBe('2024-01');
    expect(workValuesProblems(job('Lead', '2023-06', ''))).toEqual({ end_month: workEndMissing });
    expect(workValuesProblems(job('Lead', '2023-06', '', true))).toEqual({});
  });

  it('turns typed years into numbers, an empty end year into null and anything else into NaN for the schema', () => {
    expect(educationValuesToInput({ school: 'MIT', degree: 'BSc', start_year: ' 2015 ', end_year: '' })).toEqual({
      school: 'MIT',
      degree: 'BSc',
      start_year: 2015,
      end_year: null,
    });
    expect(
      educationValuesToInput({ school: 'MIT', degree: 'BSc', start_year: 'abc', end_year: '2019' }).start_year,
    ).toBeNaN();
  });
});

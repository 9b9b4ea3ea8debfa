import { describe, expect, it } from 'vitest';
import { testTexts } from '~/shared/assessments';
import { questionFieldOf, testFormSchema, testFormValues, toTestInput } from './test-form';

const question = {
  id: '1',
  type: 'short-answer' as const,
  question: 'Capital of France?',
  options: [],
  points: 1,
  use_ai: false,
  rubric: null,
  settings: {},
  answer_key: ['Paris'],
};

describe('the test information fields', () => {
  it('start with the spec’s defaults and no type', () => {
    expect(testFormValues()).toEqual({ name: '', type: '', time_limit: '60', pass_rate: '70', description: '' });
  });

  it('take the default for a blank number and refuse one out of range', () => {
    expect(testFormSchema.parse({ ...testFormValues(), time_limit: '', pass_rate: ' ' })).toMatchObject({
      time_limit: 60,
      pass_rate: 70,
    });
    const tooLong = testFormSchema.safeParse({ ...testFormValues(), time_limit: '241' });
    expect(tooLong.error?.issues[0]?.message).toBe(testTexts.timeLimitRange);
    const tooShort = testFormSchema.safeParse({ ...testFormValues(), time_limit: '14' });
    expect(tooShort.error?.issues[0]?.message).toBe(testTexts.timeLimitRange);
    const fraction = testFormSchema.safeParse({ ...testFormValues(), pass_rate: '50.5' });
    expect(fraction.error?.issues[0]?.message).toBe(testTexts.passRateRange);
    expect(testFormSchema.parse({ ...testFormValues(), time_limit: '15', pass_rate: '0' })).toMatchObject({
      time_limit: 15,
      pass_rate: 0,
    });
  });
});

describe('toTestInput', () => {
  it('fills a draft’s missing name and type with the spec’s defaults, inactive and private', () => {
    const values = testFormSchema.parse(testFormValues());
    expect(toTestInput(values, [], { isActive: false })).toEqual({
      name: 'Untitled Test',
      description: '',
      type: 'mixed',
      time_limit: 60,
      pass_rate: 70,
      questions: [],
      is_active: false,
      is_public: false,
    });
  });

  it('publishes what was typed', () => {
    const values = testFormSchema.parse({ ...testFormValues(), name: ' Support ', type: 'mcq', time_limit: '30' });
    expect(toTestInput(values, [question], { isActive: true })).toMatchObject({
      name: 'Support',
      type: 'mcq',
      time_limit: 30,
      questions: [question],
      is_active: true,
      is_public: false,
    });
  });
});

describe('questionFieldOf', () => {
  it('finds the question a server message belongs to', () => {
    expect(questionFieldOf('questions.2.answer_key')).toEqual({ index: 2, field: 'answer_key' });
    expect(questionFieldOf('questions.0.settings.rows')).toEqual({ index: 0, field: 'settings.rows' });
    expect(questionFieldOf('questions.1')).toEqual({ index: 1, field: 'question' });
    expect(questionFieldOf('questions')).toBeNull();
    expect(questionFieldOf('name')).toBeNull();
  });
});

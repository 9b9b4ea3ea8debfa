import { describe, expect, it } from 'vitest';
import { checkQuestion, questionTypes } from '~/shared/assessments';
import {
  clampRange,
  defaultAcceptedRange,
  type EditableQuestion,
  emptyEditableQuestion,
  type Line,
  newLine,
  newQuestionId,
  toEditableQuestion,
  toQuestionContent,
} from './question-content';

const lines = (...texts: string[]): Line[] => texts.map((text) => newLine(text));

function editable(patch: Partial<EditableQuestion>): EditableQuestion {
  return { ...emptyEditableQuestion(patch.type), question: 'What is it?', ...patch };
}

describe('a new question in the panel', () => {
  it('starts with four blank options and one point', () => {
    const question = emptyEditableQuestion();
    expect(question.options).toHaveLength(4);
    expect(question.options.every((line) => line.text === '')).toBe(true);
    expect(question.points).toBe('1');
    expect(new Set(question.options.map((line) => line.id)).size).toBe(4);
  });
});

describe('toQuestionContent', () => {
  it('drops blank options and keys a multiple-choice question by the option text', () => {
    const options = lines(' Paris ', '', 'Lyon', '  ');
    const content = toQuestionContent(
      editable({ type: 'multiple-choice', options, correctOptionIds: [options[0]?.id ?? ''] }),
    );
    expect(content.options).toEqual(['Paris', 'Lyon']);
    expect(content.answer_key).toBe('Paris');
    expect(content.settings).toEqual({});
    expect(content.use_ai).toBe(false);
    expect(content.rubric).toBeNull();
  });

  it('has no key when the chosen option was emptied', () => {
    const options = lines('A', 'B', '');
    const content = toQuestionContent(
      editable({ type: 'dropdown', options, correctOptionIds: [options[2]?.id ?? ''] }),
    );
    expect(content.answer_key).toBeNull();
  });

  it('lists the correct checkboxes in the options’ order', () => {
    const options = lines('Red', 'Green', 'Blue', 'Black');
    const content = toQuestionContent(
      editable({ type: 'checkboxes', options, correctOptionIds: [options[2]?.id ?? '', options[0]?.id ?? ''] }),
    );
    expect(content.answer_key).toEqual(['Red', 'Blue']);
  });

  it('keeps a short answer’s distinct accepted answers, and its rubric only with AI grading', () => {
    const manual = toQuestionContent(
      editable({ type: 'short-answer', acceptedAnswers: lines(' 404 ', '', '404', 'Not Found'), rubric: 'unused' }),
    );
    expect(manual.answer_key).toEqual(['404', 'Not Found']);
    expect(manual.rubric).toBeNull();
    const ai = toQuestionContent(
      editable({ type: 'short-answer', acceptedAnswers: lines(''), useAi: true, rubric: '  Names the status.  ' }),
    );
    expect(ai).toMatchObject({ use_ai: true, rubric: 'Names the status.', answer_key: null });
  });

  it('never sends AI grading for a type that cannot have it', () => {
    const content = toQuestionContent(editable({ type: 'multiple-choice', useAi: true, rubric: 'x' }));
    expect(content.use_ai).toBe(false);
    expect(content.rubric).toBeNull();
  });

  it('keys a multiple-choice grid one column per row, a checkbox grid several, blanks left out', () => {
    const rows = lines('Monday', '', 'Tuesday');
    const columns = lines('Morning', 'Evening', '');
    const [monday, , tuesday] = rows;
    const [morning, evening, blank] = columns;
    const ids = (line: Line | undefined) => line?.id ?? '';
    const single = toQuestionContent(
      editable({
        type: 'multiple-choice-grid',
        rows,
        columns,
        gridAnswers: { [ids(monday)]: [ids(evening)], [ids(tuesday)]: [ids(blank)] },
      }),
    );
    expect(single.settings).toEqual({ rows: ['Monday', 'Tuesday'], columns: ['Morning', 'Evening'] });
    expect(single.answer_key).toEqual({ Monday: 'Evening' });
    const multi = toQuestionContent(
      editable({
        type: 'checkbox-grid',
        rows,
        columns,
        gridAnswers: { [ids(monday)]: [ids(evening), ids(morning)], [ids(tuesday)]: [ids(morning)] },
      }),
    );
    expect(multi.answer_key).toEqual({ Monday: ['Morning', 'Evening'], Tuesday: ['Morning'] });
  });

  it('stores a scale’s bounds and only the labels given', () => {
    const content = toQuestionContent(
      editable({ type: 'linear-scale', scaleMin: 0, scaleMax: 10, minLabel: ' Poor ', maxLabel: ' ' }),
    );
    expect(content.settings).toEqual({ scale_min: 0, scale_max: 10, min_label: 'Poor' });
    expect(content.answer_key).toBeNull();
  });

  it('stores a rating’s stars, a date’s day and a time’s minute', () => {
    expect(toQuestionContent(editable({ type: 'rating', stars: 10 })).settings).toEqual({ stars: 10 });
    expect(toQuestionContent(editable({ type: 'date', correctDate: '2025-03-14' })).answer_key).toBe('2025-03-14');
    expect(toQuestionContent(editable({ type: 'time', correctTime: '14:30' })).answer_key).toBe('14:30');
    expect(toQuestionContent(editable({ type: 'time' })).answer_key).toBeNull();
  });

  it('keys a scale or rating by its accepted range only while “Score this question” is on', () => {
    const range = { isScored: true, min: 4, max: 5 };
    expect(toQuestionContent(editable({ type: 'rating', acceptedRange: range })).answer_key).toEqual({
      min: 4,
      max: 5,
    });
    expect(
      toQuestionContent(editable({ type: 'linear-scale', scaleMax: 7, acceptedRange: { ...range, max: 7 } }))
        .answer_key,
    ).toEqual({ min: 4, max: 7 });
    expect(
      toQuestionContent(editable({ type: 'rating', acceptedRange: { ...range, isScored: false } })).answer_key,
    ).toBeNull();
    // The range belongs to scales and ratings: another type keeps its own key.
    expect(toQuestionContent(editable({ type: 'date', acceptedRange: range })).answer_key).toBeNull();
  });

  it('reads the points as typed, a blank as no number', () => {
    expect(toQuestionContent(editable({ points: '7' })).points).toBe(7);
    expect(toQuestionContent(editable({ points: '' })).points).toBeNaN();
  });
});

describe('toEditableQuestion', () => {
  it('gives back the same question for every type', () => {
    const options = lines('A', 'B', 'C');
    const rows = lines('R1', 'R2');
    const columns = lines('C1', 'C2');
    const samples: EditableQuestion[] = questionTypes.map((type) =>
      editable({
        type,
        points: '3',
        options,
        correctOptionIds: type === 'checkboxes' ? [options[0]?.id ?? '', options[2]?.id ?? ''] : [options[1]?.id ?? ''],
        acceptedAnswers: lines('yes', 'y'),
        useAi: type === 'paragraph',
        rubric: type === 'paragraph' ? 'Clear and kind.' : '',
        scaleMin: 0,
        scaleMax: 7,
        minLabel: 'Low',
        maxLabel: 'High',
        stars: 4,
        rows,
        columns,
        gridAnswers: { [rows[0]?.id ?? '']: [columns[1]?.id ?? ''], [rows[1]?.id ?? '']: [columns[0]?.id ?? ''] },
        correctDate: '2024-02-29',
        correctTime: '09:05',
        acceptedRange: { isScored: true, min: 3, max: 4 },
      }),
    );
    for (const sample of samples) {
      const content = toQuestionContent(sample);
      // What the panel makes passes the contract's own rules, answer key included.
      expect(checkQuestion(content, { publishing: true }), sample.type).toEqual({});
      expect(toQuestionContent(toEditableQuestion(content)), sample.type).toEqual(content);
    }
  });

  it('keeps the id of the question it edits', () => {
    const content = { ...toQuestionContent(editable({})), id: 'q-1' };
    expect(toEditableQuestion(content).id).toBe('q-1');
    expect(toQuestionContent(toEditableQuestion(content)).id).toBe('q-1');
  });
});

describe('accepted ranges', () => {
  it('start on the top two values of the scale or stars', () => {
    expect(defaultAcceptedRange([1, 5])).toEqual({ min: 4, max: 5 });
    expect(defaultAcceptedRange([0, 10])).toEqual({ min: 9, max: 10 });
    expect(defaultAcceptedRange([1, 3])).toEqual({ min: 2, max: 3 });
  });

  it('move inside a shorter scale or fewer stars, each end kept where it still fits', () => {
    expect(clampRange({ min: 8, max: 10 }, [1, 5])).toEqual({ min: 5, max: 5 });
    expect(clampRange({ min: 3, max: 10 }, [1, 5])).toEqual({ min: 3, max: 5 });
    expect(clampRange({ min: 0, max: 2 }, [1, 5])).toEqual({ min: 1, max: 2 });
    expect(clampRange({ min: 2, max: 4 }, [0, 10])).toEqual({ min: 2, max: 4 });
  });

  it('come back into the panel from a saved question, and stay off without one', () => {
    const scored = toEditableQuestion({
      ...toQuestionContent(editable({ type: 'rating' })),
      answer_key: { min: 2, max: 5 },
    });
    expect(scored.acceptedRange).toEqual({ isScored: true, min: 2, max: 5 });
    expect(toEditableQuestion(toQuestionContent(editable({ type: 'linear-scale' }))).acceptedRange.isScored).toBe(
      false,
    );
  });
});

describe('newQuestionId', () => {
  it('is a timestamp string, unique within the same millisecond', () => {
    const first = newQuestionId(1_700_000_000_000);
    const second = newQuestionId(1_700_000_000_000);
    expect(first).toMatch(/^\d+$/);
    expect(second).not.toBe(first);
  });
});

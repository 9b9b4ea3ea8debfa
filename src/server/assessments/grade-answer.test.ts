import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '~/shared/assessments';
import { gradeAnswer } from './grade-answer';
import { createHostedGrader, gradeByRubric } from './text-graders';

const question = (fields: Partial<Question> & Pick<Question, 'type'>): Question => ({
  id: fields.type,
  question: 'Q',
  options: [],
  points: 4,
  use_ai: false,
  rubric: null,
  settings: {},
  answer_key: null,
  ...fields,
});

// Each type graded against its key, with full, partial (where a type has parts) and no credit.
describe('gradeAnswer', () => {
  const cases: Array<[string, Question, unknown, number | null]> = [
    [
      'short-answer, accepted ignoring case and spaces',
      question({ type: 'short-answer', answer_key: ['useState'] }),
      '  USESTATE ',
      4,
    ],
    ['short-answer, not accepted', question({ type: 'short-answer', answer_key: ['useState'] }), 'useEffect', 0],
    [
      'multiple-choice, right',
      question({ type: 'multiple-choice', options: ['200', '404'], answer_key: '404' }),
      '404',
      4,
    ],
    [
      'multiple-choice, wrong',
      question({ type: 'multiple-choice', options: ['200', '404'], answer_key: '404' }),
      '200',
      0,
    ],
    ['dropdown, right', question({ type: 'dropdown', options: ['3', '7'], answer_key: '7' }), '7', 4],
    ['dropdown, wrong', question({ type: 'dropdown', options: ['3', '7'], answer_key: '7' }), '3', 0],
    [
      'checkboxes, all right',
      question({ type: 'checkboxes', options: ['A', 'B', 'C', 'D'], answer_key: ['A', 'C'] }),
      ['C', 'A'],
      4,
    ],
    [
      'checkboxes, half right',
      question({ type: 'checkboxes', options: ['A', 'B', 'C', 'D'], answer_key: ['A', 'C'] }),
      ['A'],
      2,
    ],
    [
      'checkboxes, a wrong tick cancels a right one',
      question({ type: 'checkboxes', options: ['A', 'B', 'C', 'D'], answer_key: ['A', 'C'] }),
      ['A', 'B'],
      0,
    ],
    [
      'checkboxes, all wrong',
      question({ type: 'checkboxes', options: ['A', 'B', 'C', 'D'], answer_key: ['A', 'C'] }),
      ['B', 'D'],
      0,
    ],
    ...(['multiple-choice-grid'] as const).flatMap((type): Array<[string, Question, unknown, number | null]> => {
      const grid = question({
        type,
        settings: { rows: ['Git', 'Jest'], columns: ['Testing', 'VCS'] },
        answer_key: { Git: 'VCS', Jest: 'Testing' },
      });
      return [
        ['multiple-choice-grid, every row', grid, { Git: 'VCS', Jest: 'Testing' }, 4],
        ['multiple-choice-grid, one row of two', grid, { Git: 'VCS', Jest: 'VCS' }, 2],
        ['multiple-choice-grid, no row', grid, { Git: 'Testing' }, 0],
      ];
    }),
    ...(['checkbox-grid'] as const).flatMap((type): Array<[string, Question, unknown, number | null]> => {
      const grid = question({
        type,
        settings: { rows: ['Morning', 'Evening', 'Night'], columns: ['Mon', 'Tue'] },
        answer_key: { Morning: ['Mon', 'Tue'], Evening: ['Tue'] },
      });
      return [
        ['checkbox-grid, every row (Night left empty)', grid, { Morning: ['Tue', 'Mon'], Evening: ['Tue'] }, 4],
        ['checkbox-grid, two rows of three', grid, { Morning: ['Mon'], Evening: ['Tue'] }, 2.67],
        ['checkbox-grid, no row', grid, { Morning: ['Mon'], Evening: ['Mon'], Night: ['Mon'] }, 0],
      ];
    }),
    [
      'linear-scale, inside the range',
      question({ type: 'linear-scale', settings: { scale_min: 0, scale_max: 10 }, answer_key: { min: 7, max: 10 } }),
      7,
      4,
    ],
    [
      'linear-scale, outside the range',
      question({ type: 'linear-scale', settings: { scale_min: 0, scale_max: 10 }, answer_key: { min: 7, max: 10 } }),
      6,
      0,
    ],
    [
      'rating, inside the range',
      question({ type: 'rating', settings: { stars: 5 }, answer_key: { min: 4, max: 5 } }),
      5,
      4,
    ],
    [
      'rating, outside the range',
      question({ type: 'rating', settings: { stars: 5 }, answer_key: { min: 4, max: 5 } }),
      3,
      0,
    ],
    ['rating without a range is not scored', question({ type: 'rating', settings: { stars: 5 } }), 3, null],
    ['date, right', question({ type: 'date', answer_key: '2026-07-04' }), '2026-07-04', 4],
    ['date, wrong', question({ type: 'date', answer_key: '2026-07-04' }), '2026-07-05', 0],
    ['time, right', question({ type: 'time', answer_key: '14:30' }), '14:30', 4],
    ['time, wrong', question({ type: 'time', answer_key: '14:30' }), '02:30', 0],
    [
      'file-upload waits for a person',
      question({ type: 'file-upload' }),
      { file_id: 'x', name: 'a.pdf', size: 1, content_type: 'application/pdf' },
      null,
    ],
    ['paragraph without AI waits for a person', question({ type: 'paragraph' }), 'My answer', null],
    [
      'paragraph with AI waits for the grader',
      question({ type: 'paragraph', use_ai: true, rubric: 'sorry' }),
      'Sorry!',
      null,
    ],
    [
      'short-answer with AI and an accepted answer needs no grader',
      question({ type: 'short-answer', use_ai: true, rubric: 'x', answer_key: ['Ctrl+Z'] }),
      'ctrl+z',
      4,
    ],
    ['a scored question left blank is worth nothing', question({ type: 'file-upload' }), null, 0],
  ];

  it.each(cases)('%s', (_name, graded, answer, points) => {
    expect(gradeAnswer(graded, answer).points).toBe(points);
  });

  it('explains partial credit', () => {
    const graded = gradeAnswer(question({ type: 'checkboxes', options: ['A', 'B', 'C'], answer_key: ['A', 'C'] }), [
      'A',
      'B',
    ]);
    expect(graded.explanation).toBe('1 of 2 correct options chosen, 1 wrong (each cancels a correct one).');
  });
});

describe('the rubric grader', () => {
  const rubric = [
    'closure | closures (2)',
    'lexical scope',
    'garbage collection',
    'A line of guidance that is far too long to be a keyword',
  ].join('\n');

  it('gives full, partial and no credit by the weighted keywords found, and says which', () => {
    expect(
      gradeByRubric({
        question: 'Q',
        rubric,
        points: 8,
        answer: 'Closures keep their lexical scope; garbage collection frees them.',
      }),
    ).toEqual({
      points: 8,
      explanation:
        'Found “closure” or “closures” (2), “lexical scope” (1), “garbage collection” (1). 4 of 4 rubric weight: 8 of 8 points.',
    });
    expect(gradeByRubric({ question: 'Q', rubric, points: 8, answer: 'A closure captures variables.' })).toMatchObject({
      points: 4,
      explanation: expect.stringContaining('Missing “lexical scope” (1), “garbage collection” (1).'),
    });
    expect(gradeByRubric({ question: 'Q', rubric, points: 8, answer: 'I do not know.' }).points).toBe(0);
  });

  it('leaves an answer to a person when the rubric names no keywords', () => {
    expect(
      gradeByRubric({
        question: 'Q',
        rubric: 'Explain clearly, with an example from your own work.',
        points: 3,
        answer: 'x',
      }).points,
    ).toBeNull();
  });
});

// A hosted model over an OpenAI-compatible endpoint, faked on loopback.
describe('the hosted grader', () => {
  let server: http.Server;
  let url: string;
  let reply: (body: string) => { status: number; body: unknown };
  const received: unknown[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
        const answer = reply(body);
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = { question: 'Why closures?', rubric: 'closure (2)', points: 5, answer: 'A closure keeps scope.' };

  it('asks the model with the rubric and clamps its points to the question’s', async () => {
    reply = () => ({
      status: 200,
      body: { choices: [{ message: { content: '{"points": 9, "explanation": "Thorough."}' } }] },
    });
    const grader = createHostedGrader({ url, apiKey: 'sk-test', model: 'grader-1' });
    expect(await grader.grade(request)).toEqual({ points: 5, explanation: 'Thorough.' });
    expect(received.at(-1)).toMatchObject({
      authorization: 'Bearer sk-test',
      body: {
        model: 'grader-1',
        temperature: 0,
        messages: [{ role: 'system' }, { role: 'user', content: expect.stringContaining('"rubric":"closure (2)"') }],
      },
    });
  });

  it('falls back to the rubric, saying so, when the model fails', async () => {
    reply = () => ({ status: 500, body: { error: 'down' } });
    const grader = createHostedGrader({ url, apiKey: 'sk-test', model: 'grader-1' });
    const graded = await grader.grade(request);
    expect(graded.points).toBe(5);
    expect(graded.explanation).toMatch(
      /^The hosted grader did not answer, so the rubric decided\. Found “closure” \(2\)/,
    );
  });
});

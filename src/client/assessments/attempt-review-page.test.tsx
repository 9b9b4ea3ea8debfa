import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findNotification } from '~/client/testing/builder-test-helpers';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import type { Question } from '~/shared/assessments';
import { testAttemptsContract } from '~/shared/contracts/assessments';
import { paths } from '~/shared/routes';
import { type AnswerGrade, type AttemptReview, attemptTexts } from '~/shared/test-attempts';

// The company's review of one attempt: each answer drawn for its type beside its key, the
// integrity record, and grading an answer that waits for a person.

type ReviewedQuestion = AttemptReview['questions'][number];

// A grade sent by the page (the portal shell's own calls, such as the time-zone sync, are not).
const isGradeRequest = (request: { method: string; path: string }) =>
  request.method === 'PUT' && request.path.endsWith('/grade');

const gradedBy = (method: AnswerGrade['method'], points: number | null, explanation: string | null = null) => ({
  method,
  points,
  explanation,
  graded_by_name: null,
  graded_at: null,
});

function question(
  fields: Pick<Question, 'type' | 'question'> & Partial<ReviewedQuestion>,
  answer: unknown,
): ReviewedQuestion {
  return {
    id: fakeId(),
    options: [],
    points: 1,
    use_ai: false,
    rubric: null,
    settings: {},
    answer_key: null,
    file_url: null,
    grade: null,
    ...fields,
    answer,
  };
}

function seedReview(): AttemptReview {
  const attemptId = fakeId();
  const questions = [
    question(
      {
        type: 'multiple-choice',
        question: 'Which key saves a file?',
        options: ['Ctrl+S', 'Ctrl+P', 'Ctrl+Q'],
        answer_key: 'Ctrl+S',
        grade: gradedBy('auto', 1),
      },
      'Ctrl+S',
    ),
    question(
      {
        type: 'checkboxes',
        question: 'Which are browsers?',
        options: ['Firefox', 'Excel', 'Safari'],
        answer_key: ['Firefox', 'Safari'],
        points: 2,
        grade: gradedBy('auto', 0),
      },
      ['Firefox', 'Excel'],
    ),
    question(
      {
        type: 'multiple-choice-grid',
        question: 'Match each tool to its use.',
        settings: { rows: ['Figma', 'Jira'], columns: ['Design', 'Tracking'] },
        answer_key: { Figma: 'Design', Jira: 'Tracking' },
        grade: gradedBy('auto', 0),
      },
      { Figma: 'Design', Jira: 'Design' },
    ),
    question(
      {
        type: 'linear-scale',
        question: 'How calm are you under pressure?',
        settings: { scale_min: 1, scale_max: 5 },
        answer_key: { min: 4, max: 5 },
        grade: gradedBy('auto', 1),
      },
      4,
    ),
    question(
      { type: 'date', question: 'When did the project start?', answer_key: '2026-03-02', grade: gradedBy('auto', 0) },
      '2026-03-01',
    ),
    question(
      { type: 'file-upload', question: 'Upload your sample invoice.', points: 3, grade: gradedBy('manual', 2.5) },
      { file_id: 'f1', name: 'invoice.pdf', size: 2048, content_type: 'application/pdf' },
    ),
    question(
      { type: 'paragraph', question: 'Describe a hard customer call.', points: 4, grade: gradedBy('manual', null) },
      'First I listened.\nThen I fixed it.',
    ),
    question({ type: 'short-answer', question: 'Name a keyboard shortcut.', grade: gradedBy('manual', null) }, null),
  ];
  questions[5] = {
    ...questions[5],
    file_url: `/api/test-attempts/${attemptId}/files/${questions[5]?.id}`,
  } as ReviewedQuestion;
  const paragraphId = questions[6]?.id ?? '';
  const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
  return {
    id: attemptId,
    status: 'submitted',
    applicant: { id: fakeId(), name: 'Grace Hopper', email: 'grace@example.test' },
    test: {
      id: fakeId(),
      name: 'Support Basics',
      description: '',
      type: 'mixed',
      time_limit: 30,
      pass_rate: 70,
      question_count: questions.length,
    },
    job: { id: fakeId(), title: 'Support Lead' },
    application_id: fakeId(),
    assigned_at: at(0),
    started_at: at(1),
    deadline_at: at(31),
    submitted_at: at(31),
    graded_at: null,
    closed_by: 'deadline',
    points_earned: 5.5,
    points_possible: 14,
    score: null,
    passed: null,
    pending_reviews: 2,
    questions,
    integrity: {
      is_truncated: false,
      focus_losses: 2,
      pastes: 1,
      events: [
        { type: 'focus_lost', at: at(5), question_id: null, received_at: at(5) },
        { type: 'focus_returned', at: at(6), question_id: null, received_at: at(6) },
        { type: 'paste', at: at(10), question_id: paragraphId, received_at: at(10) },
        { type: 'focus_lost', at: at(12), question_id: null, received_at: at(12) },
      ],
    },
  };
}

async function openReview(answer?: (server: ReturnType<typeof createFakeServer>, review: AttemptReview) => void) {
  const review = seedReview();
  const server = createFakeServer();
  server.on(testAttemptsContract.review, () => review);
  answer?.(server, review);
  const view = await renderRoute(paths.companyTestAttempt.getHref({ id: review.id }), {
    user: companyUser(),
    server,
  });
  await screen.findByRole('heading', { level: 2, name: 'Grace Hopper' });
  return { ...view, review };
}

const questionCard = (number: number) => screen.getByRole('article', { name: `Question ${number}` });

describe('Reviewing a test attempt', () => {
  it('shows the result, each answer drawn for its type with its marks, and the integrity record', async () => {
    const { events, review } = await openReview();
    expect(screen.getByText('2 answers wait for your grade')).toBeInTheDocument();
    expect(screen.getByText('Waiting for grading (2 answers)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support Basics' })).toHaveAttribute(
      'href',
      paths.companyTest.getHref({ id: review.test.id }),
    );
    expect(screen.getByRole('link', { name: 'Support Lead' })).toBeInTheDocument();
    expect(screen.getByText('5.50 of 14')).toBeInTheDocument();
    expect(screen.getByText('Closed when the time limit ran out')).toBeInTheDocument();

    const choice = within(questionCard(1));
    expect(choice.getByText('Multiple choice')).toBeInTheDocument();
    expect(choice.getByText('Ctrl+S').closest('li')).toHaveTextContent('Chosen: Ctrl+SRight');
    expect(choice.getByText('1 / 1')).toBeInTheDocument();
    expect(choice.getByText('· Graded automatically')).toBeInTheDocument();

    const boxes = within(questionCard(2));
    expect(boxes.getByText('Excel').closest('li')).toHaveTextContent('Wrong');
    expect(boxes.getByText('Safari').closest('li')).toHaveTextContent('Correct answer');

    const grid = within(within(questionCard(3)).getByRole('table', { name: 'Answers by row' }));
    expect(grid.getByRole('row', { name: /Figma/ })).toHaveTextContent('Right');
    expect(grid.getByRole('row', { name: /Jira/ })).toHaveTextContent('DesignTrackingWrong');

    expect(questionCard(4)).toHaveTextContent('4 on a scale of 1 to 5');
    expect(questionCard(4)).toHaveTextContent('Accepted range: 4 to 5');
    expect(within(questionCard(4)).getByText('Right')).toBeInTheDocument();

    expect(within(questionCard(5)).getByText('Mar 1, 2026')).toBeInTheDocument();
    expect(within(questionCard(5)).getByText('Wrong')).toBeInTheDocument();

    const file = within(questionCard(6));
    expect(file.getByText('2.0 KB')).toBeInTheDocument();
    expect(file.getByRole('link', { name: 'Download invoice.pdf' })).toHaveAttribute(
      'href',
      review.questions[5]?.file_url,
    );
    expect(file.getByText('2.50 / 3')).toBeInTheDocument();

    // Text keeps its line breaks; the paste went into this answer.
    const paragraph = within(questionCard(7));
    expect(paragraph.getByText(/First I listened\.\s+Then I fixed it\./)).toHaveClass('whitespace-pre-wrap');
    expect(paragraph.getByText('Pasted 1 time into this answer')).toBeInTheDocument();
    expect(paragraph.getByRole('form', { name: 'Grade question 7' })).toBeInTheDocument();
    expect(within(questionCard(8)).getByText('Not answered')).toBeInTheDocument();
    // Answers already scored can be corrected, behind a button.
    expect(within(questionCard(1)).getByRole('button', { name: 'Adjust grade of question 1' })).toBeInTheDocument();

    const integrity = within(screen.getByRole('region', { name: 'Integrity record' }));
    expect(integrity.getByText('Left the tab 2 times · Pasted 1 time')).toBeInTheDocument();
    await events.click(integrity.getByRole('button', { name: 'Show the timeline (4 events)' }));
    const timeline = integrity.getByRole('list', { name: 'Integrity timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(4);
    expect(within(timeline).getByText('Pasted text').closest('li')).toHaveTextContent('in question 7');
    expect(within(timeline).getByText('Came back to the tab').closest('li')).toHaveTextContent('away 1 min');
  });

  it('sends a pending answer’s grade and shows the updated result', async () => {
    const { events, server } = await openReview((fake, review) => {
      fake.on(testAttemptsContract.grade, ({ params, body }) => {
        const { points, comment = null } = body;
        return {
          ...review,
          points_earned: 8.5,
          pending_reviews: 1,
          questions: review.questions.map((item) =>
            item.id === params.question_id
              ? {
                  ...item,
                  grade: {
                    method: 'manual',
                    points,
                    explanation: comment,
                    graded_by_name: 'Ada Hiring',
                    graded_at: new Date().toISOString(),
                  },
                }
              : item,
          ),
        } satisfies AttemptReview;
      });
    });
    const card = within(questionCard(7));
    await events.type(card.getByLabelText('Points'), '3');
    await events.type(card.getByLabelText('Comment (optional)'), 'Calm and clear.');
    await events.click(card.getByRole('button', { name: 'Save grade' }));

    expect(await findNotification(attemptTexts.gradeSaved)).toBeInTheDocument();
    const grades = server.requests.filter(isGradeRequest);
    expect(grades.map((request) => request.body)).toEqual([{ points: 3, comment: 'Calm and clear.' }]);
    expect(await card.findByText('3 / 4')).toBeInTheDocument();
    expect(card.getByText('Calm and clear.')).toBeInTheDocument();
    expect(card.queryByRole('form')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Adjust grade of question 7' })).toHaveFocus();
    expect(screen.getByText('8.50 of 14')).toBeInTheDocument();
    expect(screen.getByText('1 answer waits for your grade')).toBeInTheDocument();
  });

  it('Adjust grade opens a scored answer’s form with its points, and Cancel closes it', async () => {
    const { events } = await openReview();
    const card = within(questionCard(1));
    await events.click(card.getByRole('button', { name: 'Adjust grade of question 1' }));
    const form = within(card.getByRole('form', { name: 'Grade question 1' }));
    expect(form.getByLabelText('Points')).toHaveValue(1);
    expect(form.getByLabelText('Points')).toHaveFocus();
    await events.click(form.getByRole('button', { name: 'Cancel' }));
    expect(card.queryByRole('form')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Adjust grade of question 1' })).toHaveFocus();
  });

  it('checks the points against the question, and shows the server’s refusal under the field', async () => {
    const { events, server } = await openReview((fake) => {
      fake.on(testAttemptsContract.grade, () =>
        replyError(400, 'validation', attemptTexts.pointsRange(4), { points: attemptTexts.pointsRange(4) }),
      );
    });
    const card = within(questionCard(7));
    const points = card.getByLabelText('Points');
    await events.type(points, '5');
    await events.click(card.getByRole('button', { name: 'Save grade' }));
    expect(await card.findByText(attemptTexts.pointsRange(4))).toBeInTheDocument();
    expect(server.requests.filter(isGradeRequest)).toHaveLength(0);

    await events.clear(points);
    await events.type(points, '3.5');
    await events.click(card.getByRole('button', { name: 'Save grade' }));
    await expect.poll(() => server.requests.filter(isGradeRequest)).toHaveLength(1);
    expect(await card.findByText(attemptTexts.pointsRange(4))).toBeInTheDocument();
    expect(points).toHaveAttribute('aria-invalid', 'true');
    expect(points).toHaveAccessibleDescription(`From 0 to 4. ${attemptTexts.pointsRange(4)}`);
    expect(card.getByRole('form', { name: 'Grade question 7' })).toBeInTheDocument();
  });

  it('says so when the attempt does not exist', async () => {
    const server = createFakeServer();
    server.on(testAttemptsContract.review, () => replyError(404, 'not_found', attemptTexts.notFound));
    await renderRoute(paths.companyTestAttempt.getHref({ id: fakeId() }), { user: companyUser(), server });
    expect(await screen.findByText(attemptTexts.notFound)).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicantUser } from '~/client/testing/data-generators';
import { applicantAttempt, candidateQuestion, fakeApplicantTestsApi } from '~/client/testing/fake-applicant-tests-api';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { testAttemptsContract } from '~/shared/contracts/assessments';
import { paths } from '~/shared/routes';
import { type ApplicantAttempt, attemptTexts } from '~/shared/test-attempts';
import { waitingForGradingText } from './test-result';

// Taking a skills test: the integrity notice before Start, answers saved as given in the
// shape the server checks, the countdown on the server's clock, the deadline closing the test, and
// Submit asked first.

const MINUTE = 60_000;

async function openTest(
  attempt: ApplicantAttempt,
  { clock, answer }: { clock?: () => Date; answer?: (server: FakeServer) => void } = {},
) {
  const server = createFakeServer();
  const api = fakeApplicantTestsApi(server, [attempt], { clock });
  answer?.(server);
  const view = await renderRoute(paths.applicantTest.getHref({ id: attempt.id }), { user: applicantUser(), server });
  return { ...view, ...api };
}

// An attempt already started on the server: its deadline `minutesLeft` after the server's `now`.
function startedAttempt(overrides: Partial<ApplicantAttempt> = {}, { minutesLeft = 25, now = new Date() } = {}) {
  return applicantAttempt({
    status: 'started',
    started_at: now.toISOString(),
    deadline_at: new Date(now.getTime() + minutesLeft * MINUTE).toISOString(),
    ...overrides,
  });
}

const answerPuts = (server: FakeServer) =>
  server.requests.filter((request) => request.method === 'PUT' && request.path.includes('/answers/'));
const sentAnswerOf = (server: FakeServer, questionId: string) =>
  answerPuts(server)
    .filter((request) => request.params.question_id === questionId)
    .map((request) => (request.body as { answer: unknown }).answer);
const submits = (server: FakeServer) => server.requests.filter((request) => request.path.endsWith('/submit'));

const question = (text: string) => screen.getByRole('group', { name: new RegExp(text) });

describe('Taking a skills test', () => {
  it('says what the test records before Start, and Start opens the questions with the clock running', async () => {
    const attempt = applicantAttempt({
      questions: [
        candidateQuestion({ question: 'Name one HTTP method.' }),
        candidateQuestion({ question: 'Why do retries need idempotency?', type: 'paragraph' }),
      ],
    });
    const { events, server, store } = await openTest(attempt);

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Support Basics' })).toBeInTheDocument();
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent(attemptTexts.integrityNotice);
    const start = screen.getByRole('button', { name: 'Start Test' });
    // The notice comes before the button, so it is read first.
    expect(notice.compareDocumentPosition(start) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('30 minutes')).toBeInTheDocument();
    expect(screen.getByText('70%')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();

    await events.click(start);
    expect(await screen.findByRole('group', { name: /Name one HTTP method/ })).toBeInTheDocument();
    expect(question('Why do retries need idempotency')).toBeInTheDocument();
    expect(server.requests.some((request) => request.path === `/api/applicant/tests/${attempt.id}/start`)).toBe(true);
    expect(store[0]?.status).toBe('started');
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent(/^(30:00|29:5\d)$/);
    expect(screen.getByText('0 of 2')).toBeInTheDocument();
    expect(screen.getByText(/records when you leave its tab/)).toBeInTheDocument();
  });

  it('saves each kind of answer in the shape the server checks', async () => {
    const questions = {
      choice: candidateQuestion({ type: 'multiple-choice', question: 'Pick a colour', options: ['Red', 'Blue'] }),
      boxes: candidateQuestion({ type: 'checkboxes', question: 'Pick fruits', options: ['Apple', 'Pear', 'Fig'] }),
      dropdown: candidateQuestion({ type: 'dropdown', question: 'Pick a size', options: ['S', 'M', 'L'] }),
      scale: candidateQuestion({
        type: 'linear-scale',
        question: 'How sure are you',
        settings: { scale_min: 1, scale_max: 5, min_label: 'Unsure', max_label: 'Certain' },
      }),
      rating: candidateQuestion({ type: 'rating', question: 'Rate the tool', settings: { stars: 5 } }),
      grid: candidateQuestion({
        type: 'multiple-choice-grid',
        question: 'Match the days',
        settings: { rows: ['Mon', 'Tue'], columns: ['Work', 'Rest'] },
      }),
      checkGrid: candidateQuestion({
        type: 'checkbox-grid',
        question: 'Tick the skills',
        settings: { rows: ['Ada', 'Bob'], columns: ['SQL', 'CSS'] },
      }),
      date: candidateQuestion({ type: 'date', question: 'When did you start' }),
      time: candidateQuestion({ type: 'time', question: 'When do you start work' }),
      text: candidateQuestion({ type: 'short-answer', question: 'Your name' }),
    };
    const { events, server } = await openTest(startedAttempt({ questions: Object.values(questions) }));
    await screen.findByRole('group', { name: /Pick a colour/ });

    await events.click(within(question('Pick a colour')).getByRole('radio', { name: 'Blue' }));
    await events.click(within(question('Pick fruits')).getByRole('checkbox', { name: 'Fig' }));
    await events.click(within(question('Pick fruits')).getByRole('checkbox', { name: 'Apple' }));
    await events.selectOptions(within(question('Pick a size')).getByRole('combobox'), 'M');
    await events.click(within(question('How sure are you')).getByRole('radio', { name: '5 (Certain)' }));
    await events.click(within(question('Rate the tool')).getByRole('radio', { name: '4 stars' }));
    await events.click(within(question('Match the days')).getByRole('radio', { name: 'Mon: Rest' }));
    await events.click(within(question('Match the days')).getByRole('radio', { name: 'Tue: Work' }));
    await events.click(within(question('Tick the skills')).getByRole('checkbox', { name: 'Bob: CSS' }));
    fireEvent.change(screen.getByLabelText(/When did you start/), { target: { value: '2030-05-01' } });
    fireEvent.change(screen.getByLabelText(/When do you start work/), { target: { value: '09:30' } });
    // Typing is saved once, after a pause or on leaving the field, with everything typed.
    await events.type(screen.getByLabelText(/Your name/), 'Ada');
    await events.tab();

    await waitFor(() => expect(sentAnswerOf(server, questions.text.id)).toEqual(['Ada']));
    await waitFor(() => expect(sentAnswerOf(server, questions.time.id)).toEqual(['09:30']));
    await waitFor(() => expect(sentAnswerOf(server, questions.date.id)).toEqual(['2030-05-01']));
    expect(sentAnswerOf(server, questions.choice.id)).toEqual(['Blue']);
    // Ticked Fig then Apple: the list keeps the options' order.
    expect(sentAnswerOf(server, questions.boxes.id)).toEqual([['Fig'], ['Apple', 'Fig']]);
    expect(sentAnswerOf(server, questions.dropdown.id)).toEqual(['M']);
    expect(sentAnswerOf(server, questions.scale.id)).toEqual([5]);
    expect(sentAnswerOf(server, questions.rating.id)).toEqual([4]);
    expect(sentAnswerOf(server, questions.grid.id)).toEqual([{ Mon: 'Rest' }, { Mon: 'Rest', Tue: 'Work' }]);
    expect(sentAnswerOf(server, questions.checkGrid.id)).toEqual([{ Bob: ['CSS'] }]);
    await waitFor(() => expect(within(question('Your name')).getByText('Saved')).toBeInTheDocument());
    expect(screen.getByText('10 of 10')).toBeInTheDocument();
  });

  it('resumes with the saved answers after a reload', async () => {
    const colour = candidateQuestion({ type: 'multiple-choice', question: 'Pick a colour', options: ['Red', 'Blue'] });
    const name = candidateQuestion({ question: 'Your name' });
    await openTest(startedAttempt({ questions: [colour, name], answers: { [colour.id]: 'Red', [name.id]: 'Ada' } }));
    await screen.findByRole('group', { name: /Pick a colour/ });
    expect(within(question('Pick a colour')).getByRole('radio', { name: 'Red' })).toBeChecked();
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Ada');
    expect(within(question('Pick a colour')).getByText('Saved')).toBeInTheDocument();
  });

  it('shows the server’s sentence under a refused answer', async () => {
    const name = candidateQuestion({ question: 'Your name' });
    const sentence = attemptTexts.textTooLong(500);
    const { events } = await openTest(startedAttempt({ questions: [name] }), {
      answer: (server) =>
        server.on(testAttemptsContract.saveAnswer, () => replyError(400, 'validation', sentence, { answer: sentence })),
    });
    await events.type(await screen.findByLabelText(/Your name/), 'Ada');
    await events.tab();
    expect(await within(question('Your name')).findByText(sentence)).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveAccessibleDescription(sentence);
  });

  it('says when an answer was not saved, and Retry sends it again', async () => {
    const colour = candidateQuestion({ type: 'multiple-choice', question: 'Pick a colour', options: ['Red', 'Blue'] });
    let isOffline = true;
    const { events, store } = await openTest(startedAttempt({ questions: [colour] }), {
      answer: (server) =>
        server.on(testAttemptsContract.saveAnswer, ({ body }) => {
          if (isOffline) throw new TypeError('Failed to fetch');
          Object.assign(store[0]?.answers ?? {}, { [colour.id]: body.answer });
          return { question_id: colour.id, saved_at: new Date().toISOString() };
        }),
    });
    await events.click(await screen.findByRole('radio', { name: 'Blue' }));
    expect(await within(question('Pick a colour')).findByRole('alert')).toHaveTextContent(attemptTexts.saveFailed);

    isOffline = false;
    await events.click(within(question('Pick a colour')).getByRole('button', { name: /^Retry/ }));
    expect(await within(question('Pick a colour')).findByText('Saved')).toBeInTheDocument();
    expect(store[0]?.answers[colour.id]).toBe('Blue');
  });

  it('counts down from the server’s deadline by the server’s clock, whatever the computer’s clock says', async () => {
    // The server's clock is three hours behind this computer's: by the local clock the deadline is long past.
    const serverNow = () => new Date(Date.now() - 3 * 60 * MINUTE);
    const attempt = startedAttempt({}, { minutesLeft: 25, now: serverNow() });
    await openTest(attempt, { clock: serverNow });
    const timer = await screen.findByRole('timer', { name: 'Time left' });
    expect(timer).toHaveTextContent(/^(25:00|24:5\d)$/);
  });

  it('shows the done screen when the server refuses an answer because time is up', async () => {
    const name = candidateQuestion({ question: 'Your name' });
    const attempt = startedAttempt({ questions: [name] });
    const { events, store } = await openTest(attempt, {
      answer: (server) =>
        server.on(testAttemptsContract.saveAnswer, () => {
          // The server closes the attempt at its deadline; the next read shows it closed.
          Object.assign(store[0] ?? {}, {
            status: 'submitted',
            submitted_at: new Date().toISOString(),
            closed_by: 'deadline',
          });
          return replyError(409, 'conflict', attemptTexts.timeUp);
        }),
    });
    await events.click(await screen.findByLabelText(/Your name/));
    await events.keyboard('Ada');
    await events.tab();

    expect(await screen.findByText(attemptTexts.autoSubmitted)).toBeInTheDocument();
    expect(screen.getByText(/closed at the time limit/)).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Applications' })).toHaveAttribute(
      'href',
      '/applicant/applications?tab=tests',
    );
  });

  it('submits by itself when the countdown reaches zero', async () => {
    const name = candidateQuestion({ question: 'Your name' });
    // Two seconds left on the server's clock.
    const attempt = startedAttempt({ questions: [name] }, { minutesLeft: 2 / 60 });
    const { server, store } = await openTest(attempt);
    await screen.findByRole('group', { name: /Your name/ });
    expect(await screen.findByText(attemptTexts.autoSubmitted)).toBeInTheDocument();
    expect(submits(server)).toHaveLength(1);
    expect(store[0]?.status).toBe('submitted');
  });

  it('asks before submitting, sends the integrity record first, then shows the done screen', async () => {
    const name = candidateQuestion({ question: 'Your name' });
    const colour = candidateQuestion({ type: 'multiple-choice', question: 'Pick a colour', options: ['Red', 'Blue'] });
    const attempt = startedAttempt({ questions: [name, colour] });
    const { events, server, store, integrityEvents } = await openTest(attempt);
    const input = await screen.findByLabelText(/Your name/);
    fireEvent.paste(input);
    await events.type(input, 'Ada');

    await events.click(screen.getByRole('button', { name: 'Submit Test' }));
    let dialog = await screen.findByRole('alertdialog', { name: attemptTexts.submitConfirmTitle });
    expect(dialog).toHaveTextContent(attemptTexts.submitConfirm);
    expect(dialog).toHaveTextContent('1 question is unanswered.');
    await events.click(within(dialog).getByRole('button', { name: 'Keep Answering' }));
    expect(submits(server)).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Submit Test' }));
    dialog = await screen.findByRole('alertdialog', { name: attemptTexts.submitConfirmTitle });
    await events.click(within(dialog).getByRole('button', { name: 'Submit Test' }));

    expect(await screen.findByText(attemptTexts.submitted)).toBeInTheDocument();
    expect(await screen.findByText(waitingForGradingText)).toBeInTheDocument();
    expect(store[0]?.status).toBe('submitted');
    // What was typed went out before the submit, and the paste was recorded against its question.
    const sentPaths = server.requests.map((request) => request.path);
    const submitAt = sentPaths.findIndex((path) => path.endsWith('/submit'));
    expect(sentPaths.findLastIndex((path) => path.includes('/answers/'))).toBeLessThan(submitAt);
    expect(sentAnswerOf(server, name.id).at(-1)).toBe('Ada');
    expect(store[0]?.answers[name.id]).toBe('Ada');
    expect(sentPaths.findIndex((path) => path.endsWith('/events'))).toBeLessThan(submitAt);
    expect(integrityEvents).toEqual([expect.objectContaining({ type: 'paste', question_id: name.id })]);
  });

  it('uploads a file answer with its name, and refuses a file of the wrong type before sending it', async () => {
    const upload = candidateQuestion({ type: 'file-upload', question: 'Attach your CV' });
    const { events, server } = await openTest(startedAttempt({ questions: [upload] }));
    const input = await screen.findByLabelText('Choose a file');

    // Past the chooser's filter: a browser lets "All files" through.
    const unfiltered = userEvent.setup({ delay: null, applyAccept: false });
    await unfiltered.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(within(question('Attach your CV')).getByText(attemptTexts.fileType)).toBeInTheDocument();
    expect(server.requests.some((request) => request.path.includes('/files/'))).toBe(false);

    await events.upload(input, new File(['# Ada'], 'Ada Lovelace CV.md', { type: '' }));
    const cv = question('Attach your CV');
    expect(await within(cv).findByRole('button', { name: 'Download Ada Lovelace CV.md' })).toBeInTheDocument();
    expect(within(cv).getByText('5 B')).toBeInTheDocument();
    expect(screen.getByLabelText('Replace the file')).toBeInTheDocument();
    const sent = server.requests.find((request) => request.path.includes('/files/'));
    expect(sent?.headers['x-file-name']).toBe(encodeURIComponent('Ada Lovelace CV.md'));
    expect(sent?.headers['content-type']).toBe('text/markdown');
    expect(within(cv).getByText('Saved')).toBeInTheDocument();
  });

  it('shows a graded result without the answers, and an unknown attempt as not found', async () => {
    const graded = applicantAttempt({
      status: 'graded',
      submitted_at: new Date().toISOString(),
      closed_by: 'candidate',
      result: { score: 82, passed: true, pass_rate: 70, points_earned: 8.5, points_possible: 10 },
    });
    await openTest(graded);
    expect(await screen.findByText('82%')).toBeInTheDocument();
    expect(screen.getByText('Passed')).toBeInTheDocument();
    expect(screen.getByText(/8\.5 of\s+10 points/)).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('says an attempt that does not exist does not exist', async () => {
    const server = createFakeServer();
    fakeApplicantTestsApi(server, []);
    await renderRoute(paths.applicantTest.getHref({ id: '00000000-0000-4000-8000-00000000dead' }), {
      user: applicantUser(),
      server,
    });
    expect(await screen.findByText(attemptTexts.notFound)).toBeInTheDocument();
  });

  it('offers Try Again when the test cannot be loaded', async () => {
    const attempt = applicantAttempt();
    const { events } = await openTest(attempt, {
      answer: (server) =>
        server.on(testAttemptsContract.own, () => replyError(403, 'forbidden', 'You cannot open this test.')),
    });
    expect(await screen.findByText('You cannot open this test.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
  });
});

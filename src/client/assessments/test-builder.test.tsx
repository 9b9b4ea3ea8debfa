import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { discardChangesTexts } from '~/client/components/discard-changes';
import {
  addPanel,
  addQuestion,
  chooseType,
  fillLines,
  findNotification,
  openCreateTest,
  openTestEditor,
  questionCards,
} from '~/client/testing/builder-test-helpers';
import { testFromInput } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { type TestInput, testTexts } from '~/shared/assessments';
import { testsContract } from '~/shared/contracts/assessments';
import { paths } from '~/shared/routes';

// The test builder around its questions (docs/spec/portal-and-public-site.md §2 "Create Test", §5, §8): what
// Create Test and Save as Draft ask for, where they lead, what a refusal says, reordering, and leaving a
// changed form.

const button = (name: string) => screen.getByRole('button', { name });
const jobsPageHeading = () => screen.findByRole('heading', { level: 1, name: paths.companyJobs.title });

describe('Create Test', () => {
  it('publishes a short answer graded by hand: no accepted answers, no AI', async () => {
    const { events, tests } = await openCreateTest();
    await events.type(screen.getByLabelText('Test name'), 'Support Writing');
    await events.selectOptions(screen.getByLabelText('Test type'), 'Language');
    await chooseType(events, 'short-answer');
    expect(
      addPanel().getByText('Off: the accepted answers count as correct; without any, a person grades each answer.'),
    ).toBeInTheDocument();
    const card = await addQuestion(events, { type: 'short-answer', text: 'Which ticketing tool have you used most?' });
    expect(within(card).getByText('Graded by hand')).toBeInTheDocument();
    expect(within(card).getByText('No accepted answers: a person grades this answer.')).toBeInTheDocument();
    expect(within(card).getByText('1 point')).toBeInTheDocument();
    expect(screen.getByText('Question 1 is graded by hand.')).toBeInTheDocument();

    await events.click(button('Create Test'));
    expect(await findNotification(testTexts.created)).toBeInTheDocument();
    expect(tests[0]).toMatchObject({
      name: 'Support Writing',
      is_active: true,
      questions: [{ type: 'short-answer', use_ai: false, answer_key: null }],
    });
  });

  it('asks for the required fields, then for each correct answer, and lands on the Tests tab', async () => {
    const { events, tests } = await openCreateTest();
    await events.click(button('Create Test'));
    expect(await findNotification(testTexts.requiredFields)).toBeInTheDocument();
    expect(screen.getByLabelText('Test name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Test name')).toHaveFocus();
    expect(screen.getByText(testTexts.questionsRequired)).toBeInTheDocument();

    await events.type(screen.getByLabelText('Test name'), 'Keyboard Basics');
    await events.selectOptions(screen.getByLabelText('Test type'), 'Coding');
    // A question may be added without its correct answer, but a published test needs it.
    await addQuestion(events, {
      type: 'multiple-choice',
      text: 'Which key saves a file?',
      fill: () => fillLines(events, 'Option', ['Ctrl+S', 'Ctrl+P']),
    });
    expect(screen.queryByText(testTexts.questionsRequired)).not.toBeInTheDocument();
    await events.click(button('Create Test'));
    expect(await findNotification('Question 1 is not ready')).toBeInTheDocument();
    expect(questionCards()[0]).toHaveTextContent(testTexts.answerKeyRequired);
    expect(button('Edit question 1')).toHaveFocus();

    await events.keyboard('{Enter}');
    const editPanel = within(screen.getByRole('region', { name: 'Edit Question 1' }));
    expect(editPanel.getByLabelText('Question')).toHaveFocus();
    await events.click(editPanel.getByRole('radio', { name: 'Ctrl+S' }));
    await events.click(editPanel.getByRole('button', { name: 'Save Question' }));
    // The card re-renders from the saved question: on a loaded machine that lands a tick later.
    await waitFor(() => expect(questionCards()[0]).not.toHaveTextContent(testTexts.answerKeyRequired));
    expect(button('Edit question 1')).toHaveFocus();

    await events.click(button('Create Test'));
    expect(await findNotification(testTexts.created)).toBeInTheDocument();
    expect(tests[0]).toMatchObject({
      name: 'Keyboard Basics',
      type: 'coding',
      is_active: true,
      questions: [{ type: 'multiple-choice', options: ['Ctrl+S', 'Ctrl+P'], answer_key: 'Ctrl+S' }],
    });
    // The jobs page, on its Tests tab, with the new test in the list.
    await jobsPageHeading();
    expect(screen.getByRole('tab', { name: 'Tests' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Keyboard Basics' })).toBeInTheDocument();
  });

  it('Save as Draft keeps an empty form with the spec’s defaults, and shows it on the Tests tab', async () => {
    const { events, tests } = await openCreateTest();
    await events.clear(screen.getByLabelText('Time limit (minutes)'));
    await events.click(button('Save as Draft'));
    expect(await findNotification(testTexts.draftSaved)).toBeInTheDocument();
    expect(tests[0]).toMatchObject({ name: 'Untitled Test', type: 'mixed', time_limit: 60, pass_rate: 70 });
    expect(tests[0]?.is_active).toBe(false);
    await jobsPageHeading();
    expect(screen.getByRole('tab', { name: 'Tests' })).toHaveAttribute('aria-selected', 'true');
    const row = (await screen.findByRole('link', { name: 'Untitled Test' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Draft')).toBeInTheDocument();
  });

  it('tells the information fields’ rules at their fields', async () => {
    const { events, tests } = await openCreateTest();
    await events.clear(screen.getByLabelText('Time limit (minutes)'));
    await events.type(screen.getByLabelText('Time limit (minutes)'), '241');
    await events.clear(screen.getByLabelText('Passing score (%)'));
    await events.type(screen.getByLabelText('Passing score (%)'), '50.5');
    await events.click(button('Save as Draft'));
    expect(screen.getByLabelText('Time limit (minutes)')).toHaveAccessibleDescription(
      expect.stringContaining(testTexts.timeLimitRange),
    );
    expect(screen.getByLabelText('Passing score (%)')).toHaveAccessibleDescription(
      expect.stringContaining(testTexts.passRateRange),
    );
    expect(screen.getByLabelText('Time limit (minutes)')).toHaveFocus();
    expect(tests).toHaveLength(0);
  });
});

describe('the question list', () => {
  it('moves questions with the keyboard focus following them, and deletes them', async () => {
    const { events } = await openCreateTest();
    for (const text of ['First', 'Second', 'Third']) await addQuestion(events, { type: 'file-upload', text });
    const order = () => questionCards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

    await events.click(button('Move question 2 up'));
    expect(order()).toEqual(['Second', 'First', 'Third']);
    // At the top its Up button is disabled, so the focus sits on Down.
    expect(button('Move question 1 up')).toBeDisabled();
    expect(button('Move question 1 down')).toHaveFocus();
    expect(screen.getByText('Question 2 moved to position 1.')).toHaveAttribute('role', 'status');
    await events.click(button('Move question 3 up'));
    expect(order()).toEqual(['Second', 'Third', 'First']);

    await events.click(button('Delete question 1'));
    expect(order()).toEqual(['Third', 'First']);
    expect(button('Edit question 1')).toHaveFocus();
    // Files are graded by hand, so their points count.
    expect(screen.getByText('2 questions · 2 points')).toBeInTheDocument();
    expect(screen.getByText('Questions 1 and 2 are graded by hand.')).toBeInTheDocument();
  });
});

describe('when the server refuses', () => {
  const filledTest = async (server = createFakeServer()) => {
    const view = await openCreateTest(server);
    await view.events.type(screen.getByLabelText('Test name'), 'Network Basics');
    await view.events.selectOptions(screen.getByLabelText('Test type'), 'Language');
    await addQuestion(view.events, { type: 'paragraph', text: 'Explain what DNS does.' });
    return view;
  };

  it('a failure on its side gets the spec’s sentence', async () => {
    const server = createFakeServer();
    const { events } = await filledTest(server);
    server.on(testsContract.create, () => replyError(500, 'internal', 'Something went wrong on our side.'));
    await events.click(button('Create Test'));
    expect(await findNotification(testTexts.createErrorTitle)).toBeInTheDocument();
    expect(await findNotification(testTexts.createError)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: paths.companyCreateTest.title })).toBeInTheDocument();
  });

  it('field messages go to their fields and cards; the notification gives the server’s sentence', async () => {
    const server = createFakeServer();
    const { events } = await filledTest(server);
    server.on(testsContract.create, () =>
      replyError(400, 'validation', 'Please check the highlighted fields.', {
        name: 'A test with this name already exists.',
        'questions.0.question': 'Too vague.',
      }),
    );
    await events.click(button('Create Test'));
    expect(await findNotification('Please check the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('Test name')).toHaveAccessibleDescription('A test with this name already exists.');
    expect(screen.getByLabelText('Test name')).toHaveFocus();
    expect(questionCards()[0]).toHaveTextContent('Too vague.');
  });

  it('a refusal without fields says why', async () => {
    const server = createFakeServer();
    const { events } = await filledTest(server);
    server.on(testsContract.create, () => replyError(403, 'forbidden', 'You do not have permission to do that.'));
    await events.click(button('Create Test'));
    expect(await findNotification(testTexts.createErrorTitle)).toBeInTheDocument();
    expect(await findNotification('You do not have permission to do that.')).toBeInTheDocument();
  });
});

describe('Cancel', () => {
  it('leaves an unchanged form at once', async () => {
    const { events } = await openCreateTest();
    await events.click(screen.getByRole('link', { name: 'Cancel' }));
    await jobsPageHeading();
  });

  it('asks before discarding changes, a question still in the panel included', async () => {
    const { events } = await openCreateTest();
    await events.type(addPanel().getByLabelText('Question'), 'Half-written question');
    await events.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: discardChangesTexts.title }));
    await events.click(dialog.getByRole('button', { name: discardChangesTexts.keep }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(addPanel().getByLabelText('Question')).toHaveValue('Half-written question');

    await events.click(screen.getByRole('link', { name: 'Cancel' }));
    await events.click(screen.getByRole('button', { name: discardChangesTexts.confirm }));
    await jobsPageHeading();
  });

  it('on a test being edited, asks before dropping the changes and returns to the test', async () => {
    const input: TestInput = { name: 'Spreadsheet Basics', type: 'mcq', is_active: true, questions: [] };
    const { events } = await openTestEditor(testFromInput(input));
    expect(screen.getByLabelText('Test name')).toHaveValue('Spreadsheet Basics');
    await events.click(button('Cancel'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Spreadsheet Basics' })).toBeInTheDocument();

    await events.click(button('Edit'));
    await events.type(await screen.findByLabelText('Test name'), ' II');
    await events.click(button('Cancel'));
    await events.click(await screen.findByRole('button', { name: discardChangesTexts.confirm }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Spreadsheet Basics' })).toBeInTheDocument();
  });
});

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type QuestionType,
  questionTypeLabels,
  type Test,
  type TestInput,
  testTexts,
} from '../../src/shared/assessments';
import { companyJobsTabHref, paths } from '../../src/shared/routes';
import { seriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

// The company's test builder (/company/create-test) and test page (/company/tests/:id), against the real
// tests API.

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const addPanel = (page: Page) => page.getByRole('region', { name: 'Add Question' });
const questionCards = (page: Page) => page.getByRole('region', { name: 'Questions' }).getByRole('article');

interface NewQuestion {
  type: QuestionType;
  text: string;
  points?: number;
  // Fills the type's own editor.
  fill?: (panel: Locator) => Promise<void>;
}

async function fillOptions(panel: Locator, options: string[]) {
  for (const [index, option] of options.entries()) {
    await panel.getByRole('textbox', { name: `Option ${index + 1}`, exact: true }).fill(option);
  }
}

async function addQuestion(page: Page, question: NewQuestion) {
  const panel = addPanel(page);
  const before = await questionCards(page).count();
  await panel.getByLabel('Question type').selectOption({ label: questionTypeLabels[question.type] });
  await panel.getByLabel('Question', { exact: true }).fill(question.text);
  if (question.points !== undefined) await panel.getByLabel('Points').fill(String(question.points));
  await question.fill?.(panel);
  await panel.getByRole('button', { name: 'Add Question' }).click();
  await expect(toasts(page).getByText(testTexts.questionAdded, { exact: true })).toBeVisible();
  await expect(questionCards(page)).toHaveCount(before + 1);
  await expect(questionCards(page).last()).toContainText(question.text);
}

async function findTest(request: APIRequestContext, name: string): Promise<Test> {
  const list = await request.get(`/api/tests?q=${encodeURIComponent(name)}`);
  expect(list.ok(), await list.text()).toBe(true);
  const { items } = (await list.json()) as { items: Array<{ id: string; name: string }> };
  const summary = items.find((item) => item.name === name);
  expect(summary, `a test named ${name}`).toBeDefined();
  const detail = await request.get(`/api/tests/${summary?.id}`);
  expect(detail.ok(), await detail.text()).toBe(true);
  return (await detail.json()) as Test;
}

const allTypes: NewQuestion[] = [
  {
    type: 'short-answer',
    text: 'Which HTTP status code means Not Found?',
    points: 2,
    fill: async (panel) => {
      await panel.getByRole('textbox', { name: 'Accepted answer 1' }).fill('404');
      await panel.getByRole('button', { name: 'Add Answer' }).click();
      await panel.getByRole('textbox', { name: 'Accepted answer 2' }).fill('Not Found');
    },
  },
  {
    type: 'paragraph',
    text: 'Describe how you would calm an upset customer.',
    points: 5,
    fill: async (panel) => {
      await panel.getByRole('switch', { name: 'Grade with AI' }).click();
      await panel.getByLabel('Rubric').fill('Acknowledges the feeling, apologises and offers a next step.');
    },
  },
  {
    type: 'multiple-choice',
    text: 'Which city is the capital of France?',
    fill: async (panel) => {
      await fillOptions(panel, ['Lyon', 'Paris', 'Marseille']);
      await panel.getByRole('radio', { name: 'Paris' }).click();
    },
  },
  {
    type: 'checkboxes',
    text: 'Which of these numbers are prime?',
    points: 3,
    fill: async (panel) => {
      await fillOptions(panel, ['2', '3', '', '4']);
      await panel.getByRole('button', { name: 'Add Option' }).click();
      await panel.getByRole('textbox', { name: 'Option 5', exact: true }).fill('11');
      for (const answer of ['2', '3', '11']) {
        await panel.getByRole('checkbox', { name: answer, exact: true }).click();
      }
    },
  },
  {
    type: 'dropdown',
    text: 'Which plan includes phone support?',
    fill: async (panel) => {
      await fillOptions(panel, ['Basic', 'Pro', 'Enterprise']);
      await panel.getByRole('radio', { name: 'Enterprise' }).click();
    },
  },
  { type: 'file-upload', text: 'Upload a sample of your written work.' },
  {
    type: 'linear-scale',
    text: 'How comfortable are you with spreadsheets?',
    fill: async (panel) => {
      await panel.getByLabel('Scale starts at').selectOption('0');
      await panel.getByLabel('Scale ends at').selectOption('10');
      await panel.getByLabel('Label of the lowest value (optional)').fill('Not at all');
      await panel.getByLabel('Label of the highest value (optional)').fill('Expert');
    },
  },
  {
    type: 'rating',
    text: 'Rate your written English.',
    fill: async (panel) => {
      await panel.getByLabel('Number of stars').selectOption('10');
      await expect(panel.getByRole('img', { name: '10 stars' })).toBeVisible();
    },
  },
  {
    type: 'multiple-choice-grid',
    text: 'Match each task with its tool.',
    points: 4,
    fill: async (panel) => {
      await panel.getByRole('textbox', { name: 'Row 1', exact: true }).fill('Budget');
      await panel.getByRole('textbox', { name: 'Row 2', exact: true }).fill('Slides');
      await panel.getByRole('textbox', { name: 'Column 1', exact: true }).fill('Excel');
      await panel.getByRole('textbox', { name: 'Column 2', exact: true }).fill('PowerPoint');
      await panel.getByRole('textbox', { name: 'Column 3', exact: true }).fill('Word');
      await panel.getByRole('radio', { name: 'Budget: Excel' }).check();
      await panel.getByRole('radio', { name: 'Slides: PowerPoint' }).check();
    },
  },
  {
    type: 'checkbox-grid',
    text: 'Which days can you work each shift?',
    fill: async (panel) => {
      await panel.getByRole('textbox', { name: 'Row 1', exact: true }).fill('Morning');
      await panel.getByRole('textbox', { name: 'Row 2', exact: true }).fill('Evening');
      await panel.getByRole('textbox', { name: 'Column 1', exact: true }).fill('Mon');
      await panel.getByRole('textbox', { name: 'Column 2', exact: true }).fill('Tue');
      await panel.getByRole('textbox', { name: 'Column 3', exact: true }).fill('Wed');
      await panel.getByRole('checkbox', { name: 'Morning: Mon' }).click();
      await panel.getByRole('checkbox', { name: 'Morning: Wed' }).click();
      await panel.getByRole('checkbox', { name: 'Evening: Tue' }).click();
    },
  },
  {
    type: 'date',
    text: 'On which date did the company launch?',
    fill: (panel) => panel.getByLabel('Correct date').fill('2020-01-15'),
  },
  {
    type: 'time',
    text: 'At what time does the support desk open?',
    fill: (panel) => panel.getByLabel('Correct time').fill('09:30'),
  },
];

test('a company builds a test with all twelve question types and answer keys', async ({
  page,
  context,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  await chooseEssentialCookies(context, baseURL);
  await loginAs('company');
  await page.goto(paths.companyCreateTest.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.companyCreateTest.title);

  const name = `Support Skills ${Date.now()}`;
  await page.getByLabel('Test name').fill(name);
  await page.getByLabel('Test type').selectOption({ label: 'Mixed' });
  await page.getByLabel('Time limit (minutes)').fill('45');
  await page.getByLabel('Passing score (%)').fill('75');
  await page.getByLabel('Description').fill('Written and practical questions for support roles.');

  for (const question of allTypes) await addQuestion(page, question);
  // One more, to delete.
  await addQuestion(page, { type: 'short-answer', text: 'A question added by mistake' });
  await expect(questionCards(page)).toHaveCount(13);

  // The summary shows the answer key: the correct option marked, the grid's ticks.
  const choiceCard = questionCards(page).filter({ hasText: 'capital of France' });
  await expect(choiceCard.getByRole('listitem').filter({ hasText: 'Paris' })).toContainText('Correct');
  await expect(choiceCard.getByRole('listitem').filter({ hasText: 'Lyon' })).not.toContainText('Correct');
  await expect(choiceCard.getByRole('listitem')).toHaveCount(3);
  await saveScreenshots(page, 'create-test-questions');
  expect(await seriousViolations(page)).toEqual([]);

  // The grid editor with its answer table, half filled in the panel (not added).
  const panel = addPanel(page);
  await panel.getByLabel('Question type').selectOption({ label: 'Multiple choice grid' });
  await panel.getByRole('textbox', { name: 'Row 1', exact: true }).fill('Refund requests');
  await panel.getByRole('textbox', { name: 'Row 2', exact: true }).fill('Password resets');
  await panel.getByRole('textbox', { name: 'Column 1', exact: true }).fill('Billing team');
  await panel.getByRole('textbox', { name: 'Column 2', exact: true }).fill('IT support');
  await panel.getByRole('textbox', { name: 'Column 3', exact: true }).fill('Account manager');
  await panel.getByRole('radio', { name: 'Refund requests: Billing team' }).check();
  await panel.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'create-test-grid-editor');
  expect(await seriousViolations(page)).toEqual([]);

  // Reorder with the keyboard: the paragraph (question 2) moves to the top, down again, and up again.
  await page.getByRole('button', { name: 'Move question 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(questionCards(page).first()).toContainText('calm an upset customer');
  await expect(questionCards(page).nth(1)).toContainText('Not Found?');
  // The focus stays with the moved question; at the top its Up button is disabled, so it sits on Down.
  await expect(page.getByRole('button', { name: 'Move question 1 down' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(questionCards(page).first()).toContainText('Not Found?');
  await expect(questionCards(page).nth(1)).toContainText('calm an upset customer');
  await expect(page.getByRole('button', { name: 'Move question 2 down' })).toBeFocused();
  await page.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(questionCards(page).first()).toContainText('calm an upset customer');
  await expect(questionCards(page).nth(1)).toContainText('Not Found?');
  await expect(questionCards(page).nth(2)).toContainText('capital of France');
  await page.getByRole('button', { name: 'Delete question 13' }).click();
  await expect(questionCards(page)).toHaveCount(12);
  await expect(page.getByText('A question added by mistake')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Test' }).click();
  await expect(toasts(page).getByText(testTexts.created, { exact: true })).toBeVisible();
  // The Tests tab, with the new test heading the list.
  await expect(page).toHaveURL(companyJobsTabHref('tests'));
  await expect(page.getByRole('table', { name: 'Tests' }).getByRole('link', { name, exact: true })).toBeVisible();

  const saved = await findTest(page.request, name);
  expect(saved).toMatchObject({
    name,
    type: 'mixed',
    time_limit: 45,
    pass_rate: 75,
    description: 'Written and practical questions for support roles.',
    is_active: true,
    is_public: false,
  });
  const expected: Array<Partial<Test['questions'][number]>> = [
    {
      type: 'paragraph',
      question: 'Describe how you would calm an upset customer.',
      points: 5,
      use_ai: true,
      rubric: 'Acknowledges the feeling, apologises and offers a next step.',
      options: [],
      answer_key: null,
    },
    {
      type: 'short-answer',
      question: 'Which HTTP status code means Not Found?',
      points: 2,
      use_ai: false,
      rubric: null,
      answer_key: ['404', 'Not Found'],
    },
    {
      type: 'multiple-choice',
      options: ['Lyon', 'Paris', 'Marseille'],
      points: 1,
      answer_key: 'Paris',
    },
    { type: 'checkboxes', options: ['2', '3', '4', '11'], points: 3, answer_key: ['2', '3', '11'] },
    { type: 'dropdown', options: ['Basic', 'Pro', 'Enterprise'], answer_key: 'Enterprise' },
    { type: 'file-upload', question: 'Upload a sample of your written work.', options: [], answer_key: null },
    {
      type: 'linear-scale',
      settings: { scale_min: 0, scale_max: 10, min_label: 'Not at all', max_label: 'Expert' },
      answer_key: null,
    },
    { type: 'rating', settings: { stars: 10 }, answer_key: null },
    {
      type: 'multiple-choice-grid',
      points: 4,
      settings: { rows: ['Budget', 'Slides'], columns: ['Excel', 'PowerPoint', 'Word'] },
      answer_key: { Budget: 'Excel', Slides: 'PowerPoint' },
    },
    {
      type: 'checkbox-grid',
      settings: { rows: ['Morning', 'Evening'], columns: ['Mon', 'Tue', 'Wed'] },
      answer_key: { Morning: ['Mon', 'Wed'], Evening: ['Tue'] },
    },
    { type: 'date', answer_key: '2020-01-15' },
    { type: 'time', answer_key: '09:30' },
  ];
  expect(saved.questions).toHaveLength(expected.length);
  for (const [index, question] of expected.entries()) {
    expect(saved.questions[index], `question ${index + 1}`).toMatchObject(question);
  }
  expect(saved.questions.filter((question) => question.use_ai).map((question) => question.type)).toEqual(['paragraph']);
});

test.describe('what the builder refuses', () => {
  test('Create Test asks for the required fields, then for each correct answer', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(paths.companyCreateTest.getHref());
    await page.getByRole('button', { name: 'Create Test' }).click();
    await expect(toasts(page).getByText(testTexts.requiredFields)).toBeVisible();
    await expect(page.getByLabel('Test name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Test name').fill('Only a name and a type');
    await page.getByLabel('Test type').selectOption({ label: 'Coding' });
    await page.getByRole('button', { name: 'Create Test' }).click();
    await expect(toasts(page).getByText(testTexts.requiredFields)).toBeVisible();
    await expect(page).toHaveURL(paths.companyCreateTest.getHref());

    // A question may be added without its correct answer, but a published test needs it.
    await addQuestion(page, {
      type: 'multiple-choice',
      text: 'Which key saves a file?',
      fill: (panel) => fillOptions(panel, ['Ctrl+S', 'Ctrl+P']),
    });
    await page.getByRole('button', { name: 'Create Test' }).click();
    await expect(toasts(page).getByText('Question 1 is not ready')).toBeVisible();
    await expect(questionCards(page).first()).toContainText(testTexts.answerKeyRequired);
    await expect(page.getByRole('button', { name: 'Edit question 1' })).toBeFocused();
    await page.keyboard.press('Enter');
    const editPanel = page.getByRole('region', { name: 'Edit Question 1' });
    await editPanel.getByRole('radio', { name: 'Ctrl+S' }).click();
    await editPanel.getByRole('button', { name: 'Save Question' }).click();
    await expect(questionCards(page).first()).not.toContainText(testTexts.answerKeyRequired);
    await page.getByRole('button', { name: 'Create Test' }).click();
    await expect(toasts(page).getByText(testTexts.created, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(companyJobsTabHref('tests'));
  });

  test('a question needs its text; options 1 and 2 stay, 3 and 4 can go', async ({
    page,
    context,
    baseURL,
    loginAs,
  }) => {
    await chooseEssentialCookies(context, baseURL);
    await loginAs('company');
    await page.goto(paths.companyCreateTest.getHref());
    const panel = addPanel(page);
    await expect(panel.getByLabel('Question type')).toHaveValue('multiple-choice');
    for (const number of [1, 2, 3, 4]) {
      await expect(panel.getByRole('textbox', { name: `Option ${number}`, exact: true })).toHaveValue('');
    }
    await expect(panel.getByRole('button', { name: 'Remove option 1' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Remove option 2' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Remove option 3' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Remove option 4' })).toBeVisible();
    await expect(panel.getByLabel('Points')).toHaveValue('1');
    // Only short-answer and paragraph offer AI grading.
    await expect(panel.getByRole('switch', { name: 'Grade with AI' })).toHaveCount(0);

    await panel.getByRole('button', { name: 'Add Question' }).click();
    await expect(toasts(page).getByText(testTexts.questionRequired)).toBeVisible();
    await expect(questionCards(page)).toHaveCount(0);

    await panel.getByRole('button', { name: 'Remove option 4' }).click();
    await expect(panel.getByRole('textbox', { name: 'Option 4', exact: true })).toHaveCount(0);
    // The focus moves to the line before the one removed.
    await expect(panel.getByRole('textbox', { name: 'Option 3', exact: true })).toBeFocused();
    await panel.getByLabel('Question type').selectOption({ label: 'Short answer' });
    await expect(panel.getByRole('switch', { name: 'Grade with AI' })).toBeVisible();
    await saveScreenshots(page, 'create-test-empty');
  });

  test('Save as Draft with an empty form saves the spec’s defaults, inactive', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(paths.companyCreateTest.getHref());
    await page.getByLabel('Time limit (minutes)').fill('');
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(toasts(page).getByText(testTexts.draftSaved, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(companyJobsTabHref('tests'));
    await expect(page.getByRole('table', { name: 'Tests' }).getByRole('link', { name: 'Untitled Test' })).toBeVisible();
    const draft = await findTest(page.request, 'Untitled Test');
    expect(draft).toMatchObject({
      name: 'Untitled Test',
      type: 'mixed',
      time_limit: 60,
      pass_rate: 70,
      is_active: false,
      is_public: false,
      questions: [],
    });
  });

  test('Back to Jobs and Cancel lead to the jobs page', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(paths.companyCreateTest.getHref());
    await page.getByRole('link', { name: 'Back to Jobs' }).click();
    await expect(page).toHaveURL(paths.companyJobs.getHref());
    await page.goto(paths.companyCreateTest.getHref());
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(paths.companyJobs.getHref());
  });
});

test.describe('when the server refuses', () => {
  test.use({ expectedConsoleErrors: [/status of (500|400)/] });

  test('a failed save shows the spec’s error toasts, and field errors at their fields', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(paths.companyCreateTest.getHref());
    await page.route('/api/tests', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something broke.', code: 'internal' } }),
    );
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(toasts(page).getByText(testTexts.draftErrorTitle)).toBeVisible();
    await expect(toasts(page).getByText(testTexts.draftError)).toBeVisible();

    await page.getByLabel('Test name').fill('Network Basics');
    await page.getByLabel('Test type').selectOption({ label: 'Language' });
    await addQuestion(page, { type: 'paragraph', text: 'Explain what DNS does.' });
    await page.getByRole('button', { name: 'Create Test' }).click();
    await expect(toasts(page).getByText(testTexts.createErrorTitle)).toBeVisible();
    await expect(toasts(page).getByText(testTexts.createError)).toBeVisible();
    await expect(page).toHaveURL(paths.companyCreateTest.getHref());

    await page.unroute('/api/tests');
    await page.route('/api/tests', (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: 'Please check the highlighted fields.',
          code: 'validation',
          fields: { name: 'A test with this name already exists.', 'questions.0.question': 'Too vague.' },
        },
      }),
    );
    await page.getByRole('button', { name: 'Create Test' }).click();
    await expect(toasts(page).getByText(testTexts.createErrorTitle)).toBeVisible();
    await expect(page.getByLabel('Test name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('A test with this name already exists.')).toBeVisible();
    await expect(questionCards(page).first()).toContainText('Too vague.');
  });
});

const sampleTest: TestInput = {
  name: 'Spreadsheet Basics',
  description: 'Formulas and formatting.',
  type: 'mcq',
  time_limit: 30,
  pass_rate: 60,
  is_active: true,
  is_public: false,
  questions: [
    {
      type: 'multiple-choice',
      question: 'Which function adds numbers?',
      options: ['SUM', 'COUNT', 'AVERAGE'],
      points: 2,
      answer_key: 'SUM',
    },
    { type: 'rating', question: 'Rate your Excel skills.', points: 1, settings: { stars: 5 } },
  ],
};

async function createSampleTest(request: APIRequestContext, overrides: Partial<TestInput> = {}): Promise<Test> {
  // As the page's own fetch would: a signed-in change must come from the same site.
  const response = await request.post('/api/tests', {
    data: { ...sampleTest, ...overrides },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Test;
}

test('the test page shows a test and edits it with the builder', async ({ page, context, baseURL, loginAs }) => {
  await chooseEssentialCookies(context, baseURL);
  await loginAs('company');
  const created = await createSampleTest(page.request);
  await page.goto(paths.companyTest.getHref({ id: created.id }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.companyTest.title);
  await expect(page.getByRole('heading', { name: 'Spreadsheet Basics' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('30 minutes')).toBeVisible();
  await expect(page.getByText('60%')).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByRole('listitem').filter({ hasText: 'SUM' })).toContainText('Correct');
  await saveScreenshots(page, 'test-detail');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Test name').fill('Spreadsheet Essentials');
  await page.getByLabel('Passing score (%)').fill('65');
  await page.getByRole('button', { name: 'Edit question 1' }).click();
  const editPanel = page.getByRole('region', { name: 'Edit Question 1' });
  await expect(editPanel.getByLabel('Question', { exact: true })).toBeFocused();
  await expect(editPanel.getByRole('radio', { name: 'SUM' })).toBeChecked();
  await editPanel.getByLabel('Question', { exact: true }).fill('Which function adds a range of numbers?');
  await editPanel.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByRole('button', { name: 'Edit question 1' })).toBeFocused();
  await saveScreenshots(page, 'test-detail-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText(testTexts.updated, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Spreadsheet Essentials' })).toBeVisible();
  await expect(page.getByText('65%')).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('Which function adds a range of numbers?');

  const updated = (await (await page.request.get(`/api/tests/${created.id}`)).json()) as Test;
  expect(updated).toMatchObject({ name: 'Spreadsheet Essentials', pass_rate: 65, is_active: true });
  expect(updated.questions[0]).toMatchObject({
    question: 'Which function adds a range of numbers?',
    answer_key: 'SUM',
  });
  expect(updated.questions).toHaveLength(2);
});

test('the test page stars, clones, archives and deletes', async ({ page, loginAs }) => {
  await loginAs('company');
  const created = await createSampleTest(page.request, { name: 'Typing Speed' });
  await page.goto(paths.companyTest.getHref({ id: created.id }));
  const star = page.getByRole('button', { name: 'Favorite' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  // The star shows at once; the reload comes after the server has kept it, as a person's would.
  const starSaved = page.waitForResponse(
    (response) => response.url().endsWith(`/api/tests/${created.id}/favorite`) && response.request().method() !== 'GET',
  );
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  expect((await starSaved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(toasts(page).getByText('Test cloned')).toBeVisible();
  await expect(page).not.toHaveURL(paths.companyTest.getHref({ id: created.id }));
  await expect(page.getByRole('article')).toHaveCount(2);

  await page.goto(paths.companyTest.getHref({ id: created.id }));
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive Test' }).click();
  await expect(toasts(page).getByText('Test archived')).toBeVisible();
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Test' }).click();
  await expect(toasts(page).getByText('Test deleted')).toBeVisible();
  await expect(page).toHaveURL(paths.companyJobs.getHref());
  expect((await page.request.get(`/api/tests/${created.id}`)).status()).toBe(404);
});

test('a test id that is not a test shows that it does not exist', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.companyTest.getHref({ id: '42' }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.companyTest.title);
  await expect(page.getByText('This test does not exist.')).toBeVisible();
});

import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { fakeJobsApi, fakeTestsApi } from '~/client/testing/fake-apis';
import { createFakeServer, type FakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type QuestionType, questionTypeLabels, type Test } from '~/shared/assessments';
import { paths } from '~/shared/routes';

// Component-test helpers for the test builder (/company/create-test and a test's edit mode).

// The notification area loads with the first notification.
export async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}
export const addPanel = () => within(screen.getByRole('region', { name: 'Add Question' }));
export const questionCards = () => screen.queryAllByRole('article');

// The Create Test page with a fake tests API (and the jobs page's reads, where saving leads).
export async function openCreateTest(server: FakeServer = createFakeServer()) {
  const tests = fakeTestsApi(server);
  fakeJobsApi(server);
  const view = await renderRoute(paths.companyCreateTest.getHref(), { user: companyUser(), server });
  await screen.findByRole('heading', { level: 1, name: paths.companyCreateTest.title });
  return { ...view, tests };
}

// The test's page in edit mode (?edit=1), with `test` stored.
export async function openTestEditor(test: Test, server: FakeServer = createFakeServer()) {
  const tests = fakeTestsApi(server, [test]);
  const view = await renderRoute(`${paths.companyTest.getHref({ id: test.id })}?edit=1`, {
    user: companyUser(),
    server,
  });
  await screen.findByRole('region', { name: 'Test information' });
  return { ...view, tests };
}

export async function chooseType(events: UserEvent, type: QuestionType) {
  await events.selectOptions(addPanel().getByLabelText('Question type'), questionTypeLabels[type]);
}

export async function fillLines(events: UserEvent, itemLabel: string, texts: string[]) {
  for (const [index, text] of texts.entries()) {
    const box = addPanel().getByRole('textbox', { name: `${itemLabel} ${index + 1}` });
    await events.clear(box);
    if (text) await events.type(box, text);
  }
}

// Adds a question through the panel: its type, its text, whatever `fill` sets, then Add Question.
export async function addQuestion(
  events: UserEvent,
  { type, text, fill }: { type: QuestionType; text: string; fill?: () => Promise<void> },
) {
  const before = questionCards().length;
  await chooseType(events, type);
  await events.type(addPanel().getByLabelText('Question'), text);
  await fill?.();
  await events.click(addPanel().getByRole('button', { name: 'Add Question' }));
  expect(await findNotification('Question added')).toBeInTheDocument();
  const cards = questionCards();
  expect(cards).toHaveLength(before + 1);
  return cards.at(-1) as HTMLElement;
}

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  addPanel,
  addQuestion,
  chooseType,
  fillLines,
  findNotification,
  openCreateTest,
  questionCards,
} from '~/client/testing/builder-test-helpers';
import { testTexts } from '~/shared/assessments';

// The add-question panel of the test builder, one editor per question type (docs/spec/portal-and-public-site.md
// §2, §5, §9), on the real Create Test page: what the person fills in, what the panel says is wrong, and the
// card the question becomes.

const group = (name: string) => addPanel().getByRole('group', { name });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const noKeywords = 'No keywords yet: answers will wait for a person to grade them.';

describe('the add-question panel', () => {
  it('starts as a multiple-choice question worth one point, and needs its text', async () => {
    const { events } = await openCreateTest();
    const panel = addPanel();
    expect(panel.getByLabelText('Question type')).toHaveDisplayValue('Multiple choice');
    expect(panel.getByLabelText('Points')).toHaveValue(1);
    for (const number of [1, 2, 3, 4]) expect(panel.getByRole('textbox', { name: `Option ${number}` })).toHaveValue('');
    expect(panel.queryByRole('button', { name: 'Remove option 2' })).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Remove option 3' })).toBeInTheDocument();
    expect(panel.queryByRole('switch', { name: 'Grade with AI' })).not.toBeInTheDocument();

    await events.click(panel.getByRole('button', { name: 'Add Question' }));
    expect(await findNotification(testTexts.questionRequired)).toBeInTheDocument();
    expect(panel.getByLabelText('Question')).toHaveAccessibleDescription(testTexts.questionRequired);
    expect(questionCards()).toHaveLength(0);

    // Checked again as the person types.
    // The form validates after each keystroke's render; on a busy machine that can land a moment later.
    await events.type(panel.getByLabelText('Question'), 'Which key saves a file?');
    await waitFor(() => expect(panel.getByLabelText('Question')).not.toHaveAccessibleDescription());
    await events.clear(panel.getByLabelText('Points'));
    await events.type(panel.getByLabelText('Points'), '11');
    await waitFor(() => expect(panel.getByLabelText('Points')).toHaveAccessibleDescription(testTexts.pointsRange));
  });

  it('keeps what was typed for one type when the type changes and changes back', async () => {
    const { events } = await openCreateTest();
    await fillLines(events, 'Option', ['Ctrl+S', 'Ctrl+P']);
    await chooseType(events, 'short-answer');
    expect(addPanel().queryByRole('textbox', { name: 'Option 1' })).not.toBeInTheDocument();
    await chooseType(events, 'dropdown');
    expect(addPanel().getByRole('textbox', { name: 'Option 1' })).toHaveValue('Ctrl+S');
    expect(addPanel().getByRole('radio', { name: 'Ctrl+P' })).toBeInTheDocument();
  });
});

describe('each question type’s editor', () => {
  it('short answer: accepted answers, and AI grading that needs a rubric', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'short-answer');
    const answers = group('Accepted answers');
    expect(answers).toHaveAccessibleDescription(
      'An answer is correct when it matches one of these, ignoring case and spaces. Leave them empty to grade each answer by hand.',
    );
    await events.type(addPanel().getByLabelText('Question'), 'Which HTTP status code means Not Found?');
    await events.type(addPanel().getByRole('textbox', { name: 'Accepted answer 1' }), '404');
    await events.click(addPanel().getByRole('button', { name: 'Add Answer' }));
    expect(addPanel().getByRole('textbox', { name: 'Accepted answer 2' })).toHaveFocus();
    await events.keyboard('Not Found');

    await events.click(addPanel().getByRole('switch', { name: 'Grade with AI' }));
    expect(answers).toHaveAccessibleDescription(
      'Optional with AI grading: an answer matching one of these is correct without asking the AI.',
    );
    await events.click(addPanel().getByRole('button', { name: 'Add Question' }));
    expect(await findNotification(testTexts.rubricRequired)).toBeInTheDocument();
    expect(addPanel().getByLabelText('Rubric')).toHaveAccessibleDescription(
      expect.stringContaining(testTexts.rubricRequired),
    );

    await events.type(addPanel().getByLabelText('Rubric'), 'Names the status code or its meaning.');
    expect(addPanel().getByLabelText('Rubric')).toHaveAttribute('aria-invalid', 'false');
    // Seven words without a weight are guidance for a person, not a keyword.
    expect(addPanel().getByText(noKeywords)).toBeInTheDocument();
    await events.click(addPanel().getByRole('button', { name: 'Add Question' }));
    const card = within(questionCards()[0] as HTMLElement);
    expect(card.getByText('AI graded')).toBeInTheDocument();
    expect(card.getByRole('list', { name: 'Accepted answers' })).toHaveTextContent('404Not Found');
    expect(card.getByText('Names the status code or its meaning.')).toBeInTheDocument();
    // The next question starts blank, of the same type.
    expect(addPanel().getByLabelText('Question type')).toHaveDisplayValue('Short answer');
    expect(addPanel().getByLabelText('Question')).toHaveValue('');
    expect(addPanel().getByLabelText('Question')).toHaveFocus();
  });

  it('paragraph: no correct answer to set; a person grades it unless the AI does', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'paragraph');
    expect(addPanel().queryByRole('group', { name: 'Accepted answers' })).not.toBeInTheDocument();
    expect(addPanel().getByText('Off: a person reads and grades each answer.')).toBeInTheDocument();
    const card = await addQuestion(events, { type: 'paragraph', text: 'Describe a hard customer call.' });
    // Graded by hand, it counts toward the score.
    expect(within(card).getByText('1 point')).toBeInTheDocument();
    expect(within(card).getByText('Graded by hand')).toBeInTheDocument();
    expect(within(card).queryByText('Not scored')).not.toBeInTheDocument();
    expect(within(card).getByText('A person grades this answer.')).toBeInTheDocument();
    expect(screen.getByText('1 question · 1 point')).toBeInTheDocument();
    expect(screen.getByText('Question 1 is graded by hand.')).toBeInTheDocument();
  });

  it('paragraph graded by AI: the rubric’s keywords listed as the grader reads them', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'paragraph');
    await events.click(addPanel().getByRole('switch', { name: 'Grade with AI' }));
    const rubric = addPanel().getByLabelText('Rubric');
    expect(rubric).toHaveAccessibleDescription(
      'One keyword or short phrase per line, with its weight in brackets: "closure (2)". Separate alternatives with "|".',
    );
    expect(addPanel().getByText(noKeywords)).toBeInTheDocument();
    expect(addPanel().queryByRole('list', { name: 'The grader looks for:' })).not.toBeInTheDocument();

    await events.type(
      rubric,
      'A kind answer names the feeling before offering any fix.{Enter}- apologises (2){Enter}next step | follow-up{Enter}refund (3)',
    );
    const criteria = addPanel().getByRole('list', { name: 'The grader looks for:' });
    expect(
      within(criteria)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['“apologises” ×2', '“next step” or “follow-up” ×1', '“refund” ×3']);
    expect(addPanel().queryByText(noKeywords)).not.toBeInTheDocument();

    const card = await addQuestion(events, { type: 'paragraph', text: 'Answer an upset customer.' });
    expect(within(card).getByText('AI graded')).toBeInTheDocument();
    expect(within(card).queryByText('Graded by hand')).not.toBeInTheDocument();
  });

  it('multiple choice: at least two different options, and the correct one among them', async () => {
    const { events } = await openCreateTest();
    expect(
      within(group('Correct answer')).getByText('Type the options, then mark the correct one here.'),
    ).toBeVisible();
    await events.type(addPanel().getByLabelText('Question'), 'Which city is the capital of France?');
    await events.click(addPanel().getByRole('button', { name: 'Add Question' }));
    expect(await findNotification(testTexts.optionsRequired)).toBeInTheDocument();
    expect(group('Options')).toHaveAccessibleDescription(expect.stringContaining(testTexts.optionsRequired));

    await fillLines(events, 'Option', ['Lyon', 'Paris', 'paris']);
    expect(group('Options')).toHaveAccessibleDescription(expect.stringContaining(testTexts.optionsDistinct));
    await fillLines(events, 'Option', ['Lyon', 'Paris', 'Marseille']);
    expect(group('Options')).toHaveAccessibleDescription('Blank options are left out.');

    await events.click(within(group('Correct answer')).getByRole('radio', { name: 'Paris' }));
    await events.click(addPanel().getByRole('button', { name: 'Add Question' }));
    const card = within(questionCards()[0] as HTMLElement);
    const options = card.getAllByRole('listitem');
    expect(options.map((option) => option.textContent)).toEqual(['Lyon', 'ParisCorrect', 'Marseille']);
  });

  it('checkboxes: several correct answers; options from the third on can be removed', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'checkboxes');
    await events.click(addPanel().getByRole('button', { name: 'Remove option 4' }));
    expect(addPanel().queryByRole('textbox', { name: 'Option 4' })).not.toBeInTheDocument();
    expect(addPanel().getByRole('textbox', { name: 'Option 3' })).toHaveFocus();
    await events.click(addPanel().getByRole('button', { name: 'Add Option' }));
    expect(addPanel().getByRole('textbox', { name: 'Option 4' })).toHaveFocus();

    const card = await addQuestion(events, {
      type: 'checkboxes',
      text: 'Which of these numbers are prime?',
      fill: async () => {
        await fillLines(events, 'Option', ['2', '3', '', '4']);
        const answers = within(group('Correct answers'));
        for (const prime of ['2', '3']) await events.click(answers.getByRole('checkbox', { name: prime }));
      },
    });
    const options = within(card).getAllByRole('listitem');
    expect(options.map((option) => option.textContent)).toEqual(['2Correct', '3Correct', '4']);
  });

  it('dropdown: one correct option', async () => {
    const { events } = await openCreateTest();
    const card = await addQuestion(events, {
      type: 'dropdown',
      text: 'Which plan includes phone support?',
      fill: async () => {
        await fillLines(events, 'Option', ['Basic', 'Pro', 'Enterprise']);
        const answer = within(group('Correct answer'));
        await events.click(answer.getByRole('radio', { name: 'Pro' }));
        await events.click(answer.getByRole('radio', { name: 'Enterprise' }));
        expect(answer.getByRole('radio', { name: 'Pro' })).not.toBeChecked();
      },
    });
    expect(within(card).getAllByText('Correct')).toHaveLength(1);
    expect(within(card).getByText('Enterprise').closest('li')).toHaveTextContent('EnterpriseCorrect');
  });

  it('file upload: nothing to set, graded by a person', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'file-upload');
    expect(
      addPanel().getByText('The candidate uploads a file, and a person on your team reviews it and grades it.'),
    ).toBeInTheDocument();
    const card = await addQuestion(events, { type: 'file-upload', text: 'Upload a sample of your work.' });
    expect(within(card).getByText('The candidate uploads a file.')).toBeInTheDocument();
    expect(within(card).getByText('1 point')).toBeInTheDocument();
    expect(within(card).getByText('Graded by hand')).toBeInTheDocument();
    expect(screen.getByText('Question 1 is graded by hand.')).toBeInTheDocument();
  });

  it('linear scale: its ends and their labels, previewed as they change', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'linear-scale');
    expect(addPanel().getByRole('img', { name: 'A scale from 1 to 5' })).toBeInTheDocument();
    const card = await addQuestion(events, {
      type: 'linear-scale',
      text: 'How comfortable are you with spreadsheets?',
      fill: async () => {
        await events.selectOptions(addPanel().getByLabelText('Scale starts at'), '0');
        await events.selectOptions(addPanel().getByLabelText('Scale ends at'), '10');
        await events.type(addPanel().getByLabelText('Label of the lowest value (optional)'), 'Not at all');
        await events.type(addPanel().getByLabelText('Label of the highest value (optional)'), 'Expert');
        expect(addPanel().getByRole('img', { name: 'A scale from 0 to 10' })).toHaveTextContent(/Not at allExpert$/);
      },
    });
    expect(within(card).getByRole('img', { name: 'A scale from 0 to 10' })).toHaveTextContent(/Not at allExpert$/);
    // Without an accepted range it is an opinion.
    expect(within(card).getByText('Not scored')).toBeInTheDocument();
    expect(within(card).getByText('An opinion: no answer is wrong, so it is not scored.')).toBeInTheDocument();
    expect(screen.getByText('Question 1 is not scored.')).toBeInTheDocument();
  });

  it('linear scale: an optional accepted range among the scale’s values, kept within it', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'linear-scale');
    const range = within(group('Accepted range (optional)'));
    expect(range.queryByLabelText('Lowest accepted')).not.toBeInTheDocument();
    await events.click(range.getByRole('switch', { name: 'Score this question' }));
    // The top two values to start.
    expect(range.getByLabelText('Lowest accepted')).toHaveDisplayValue('4');
    expect(range.getByLabelText('Highest accepted')).toHaveDisplayValue('5');
    expect(optionTexts(range.getByLabelText('Lowest accepted'))).toEqual(['1', '2', '3', '4', '5']);

    await events.selectOptions(addPanel().getByLabelText('Scale ends at'), '10');
    expect(optionTexts(range.getByLabelText('Highest accepted'))).toHaveLength(10);
    await events.selectOptions(range.getByLabelText('Lowest accepted'), '7');
    await events.selectOptions(range.getByLabelText('Highest accepted'), '9');
    // A shorter scale pulls the range in.
    await events.selectOptions(addPanel().getByLabelText('Scale ends at'), '8');
    expect(range.getByLabelText('Lowest accepted')).toHaveDisplayValue('7');
    expect(range.getByLabelText('Highest accepted')).toHaveDisplayValue('8');

    // The wrong way round, the contract's message shows under the range.
    await events.selectOptions(range.getByLabelText('Highest accepted'), '6');
    await events.type(addPanel().getByLabelText('Question'), 'How well do you know SQL?');
    await events.click(addPanel().getByRole('button', { name: 'Add Question' }));
    expect(await findNotification(testTexts.answerKeyRange)).toBeInTheDocument();
    expect(range.getByLabelText('Lowest accepted')).toHaveAccessibleDescription(testTexts.answerKeyRange);
    expect(range.getByLabelText('Highest accepted')).toHaveAttribute('aria-invalid', 'true');
    await events.selectOptions(range.getByLabelText('Highest accepted'), '8');
    await waitFor(() => expect(range.getByLabelText('Lowest accepted')).not.toHaveAccessibleDescription());

    await events.click(addPanel().getByRole('button', { name: 'Add Question' }));
    const card = within(questionCards()[0] as HTMLElement);
    expect(card.getByText('Accepted:').parentElement).toHaveTextContent('Accepted: 7 to 8');
    expect(card.getByText('1 point')).toBeInTheDocument();
    expect(card.queryByText('Not scored')).not.toBeInTheDocument();
    expect(screen.getByText('1 question · 1 point')).toBeInTheDocument();
  });

  it('rating: 3, 4, 5 or 10 stars, 5 until changed', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'rating');
    const stars = addPanel().getByLabelText('Number of stars');
    expect(
      within(stars)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['3 stars', '4 stars', '5 stars', '10 stars']);
    expect(addPanel().getByRole('img', { name: '5 stars' })).toBeInTheDocument();
    const card = await addQuestion(events, {
      type: 'rating',
      text: 'Rate your written English.',
      fill: () => events.selectOptions(addPanel().getByLabelText('Number of stars'), '10 stars'),
    });
    expect(within(card).getByRole('img', { name: '10 stars' })).toBeInTheDocument();
    expect(within(card).getByText('Not scored')).toBeInTheDocument();
  });

  it('rating: an accepted range scores it, and is saved as the answer key', async () => {
    const { events, tests } = await openCreateTest();
    await events.type(screen.getByLabelText('Test name'), 'Self-assessment');
    await events.selectOptions(screen.getByLabelText('Test type'), 'Language');
    const card = await addQuestion(events, {
      type: 'rating',
      text: 'Rate your written English.',
      fill: async () => {
        const range = within(group('Accepted range (optional)'));
        await events.click(range.getByRole('switch', { name: 'Score this question' }));
        expect(range.getByLabelText('Lowest accepted')).toHaveDisplayValue('4');
        expect(range.getByLabelText('Highest accepted')).toHaveDisplayValue('5');
        await events.selectOptions(range.getByLabelText('Lowest accepted'), '3');
        // Fewer stars: the top end comes down to the last star.
        await events.selectOptions(addPanel().getByLabelText('Number of stars'), '4 stars');
        expect(optionTexts(range.getByLabelText('Highest accepted'))).toEqual(['1', '2', '3', '4']);
        expect(range.getByLabelText('Highest accepted')).toHaveDisplayValue('4');
      },
    });
    expect(within(card).getByText('Accepted:').parentElement).toHaveTextContent('Accepted: 3 to 4');
    expect(within(card).getByText('1 point')).toBeInTheDocument();

    // Back in the panel, the range is as it was saved.
    await events.click(screen.getByRole('button', { name: 'Edit question 1' }));
    const editPanel = within(screen.getByRole('region', { name: 'Edit Question 1' }));
    expect(editPanel.getByRole('switch', { name: 'Score this question' })).toBeChecked();
    expect(editPanel.getByLabelText('Lowest accepted')).toHaveDisplayValue('3');
    expect(editPanel.getByLabelText('Highest accepted')).toHaveDisplayValue('4');
    await events.click(editPanel.getByRole('button', { name: 'Cancel Edit' }));

    await events.click(screen.getByRole('button', { name: 'Create Test' }));
    expect(await findNotification(testTexts.created)).toBeInTheDocument();
    expect(tests[0]?.questions).toMatchObject([
      { type: 'rating', settings: { stars: 4 }, answer_key: { min: 3, max: 4 } },
    ]);
  });

  it('multiple choice grid: rows and columns, and one correct column per row', async () => {
    const { events } = await openCreateTest();
    await chooseType(events, 'multiple-choice-grid');
    await events.type(addPanel().getByLabelText('Question'), 'Match each task with its tool.');
    await events.click(addPanel().getByRole('button', { name: 'Add Question' }));
    expect(await findNotification(testTexts.gridRequired)).toBeInTheDocument();
    expect(group('Rows')).toHaveAccessibleDescription(testTexts.gridRequired);
    expect(group('Columns')).toHaveAccessibleDescription(testTexts.gridRequired);

    await fillLines(events, 'Row', ['Budget', 'Slides']);
    await fillLines(events, 'Column', ['Excel', 'PowerPoint', 'Word']);
    expect(group('Rows')).not.toHaveAccessibleDescription();
    const answers = within(group('Correct answers: one column per row'));
    await events.click(answers.getByRole('radio', { name: 'Budget: Word' }));
    await events.click(answers.getByRole('radio', { name: 'Budget: Excel' }));
    await events.click(answers.getByRole('radio', { name: 'Slides: PowerPoint' }));
    expect(answers.getByRole('radio', { name: 'Budget: Word' })).not.toBeChecked();
    await events.click(addPanel().getByRole('button', { name: 'Add Question' }));

    const card = within(questionCards()[0] as HTMLElement);
    expect(within(card.getByRole('row', { name: /^Budget/ })).getAllByLabelText('Correct')).toHaveLength(1);
    expect(within(card.getByRole('row', { name: /^Slides/ })).getAllByLabelText('Correct')).toHaveLength(1);
  });

  it('checkbox grid: any correct columns per row', async () => {
    const { events } = await openCreateTest();
    const card = await addQuestion(events, {
      type: 'checkbox-grid',
      text: 'Which days can you work each shift?',
      fill: async () => {
        await fillLines(events, 'Row', ['Morning', 'Evening']);
        await fillLines(events, 'Column', ['Mon', 'Tue', 'Wed']);
        const answers = within(group('Correct answers: any columns per row'));
        for (const cell of ['Morning: Mon', 'Morning: Wed', 'Evening: Tue']) {
          await events.click(answers.getByRole('checkbox', { name: cell }));
        }
      },
    });
    expect(within(within(card).getByRole('row', { name: /^Morning/ })).getAllByLabelText('Correct')).toHaveLength(2);
    expect(within(within(card).getByRole('row', { name: /^Evening/ })).getAllByLabelText('Correct')).toHaveLength(1);
  });

  it('date: the correct day', async () => {
    const { events } = await openCreateTest();
    const card = await addQuestion(events, {
      type: 'date',
      text: 'On which date did the company launch?',
      fill: () => events.type(addPanel().getByLabelText('Correct date'), '2020-01-15'),
    });
    expect(within(card).getByText('January 15, 2020')).toBeInTheDocument();
  });

  it('time: the correct time of day', async () => {
    const { events } = await openCreateTest();
    const card = await addQuestion(events, {
      type: 'time',
      text: 'At what time does the support desk open?',
      fill: () => events.type(addPanel().getByLabelText('Correct time'), '09:30'),
    });
    expect(within(card).getByText('09:30')).toBeInTheDocument();
    expect(screen.getByText('1 question · 1 point')).toBeInTheDocument();
  });
});

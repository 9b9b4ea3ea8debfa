import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Agreement templates (issue 57): a company's owner makes an NDA of its own from Tandem's by the keyboard, sees
// the merge fields filled in the preview, saves a change as version 2 and finds both versions kept.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('an owner makes an NDA from Tandem’s, saves a second version and reads both', async ({ page, loginAs }) => {
  await loginAs('company', { company_name: uniqueName('Harbor Goods') });
  await page.goto(`${paths.companySettings.getHref()}?tab=agreements`);
  const section = page.getByRole('region', { name: 'Agreement templates' });
  await expect(section.getByText('No templates of your own yet: your hires sign Tandem’s.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'agreement-templates', { scrollTo: section });

  await section
    .getByRole('button', { name: 'Make a template of your own from Tandem non-disclosure agreement' })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New agreement template' });
  await expect(dialog.getByLabel('Kind')).toHaveValue('nda');
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(
    'between Harbor Goods Ltd, of 10 Market Street',
  );
  await dialog.getByLabel('Name').fill('Harbor NDA');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'agreement-template-editor');
  await dialog.getByRole('button', { name: 'Create template' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const table = section.getByRole('table', { name: 'Your agreement templates' });
  await expect(table.getByRole('row', { name: /Harbor NDA.*version 1/ })).toBeVisible();

  await table.getByRole('button', { name: 'Edit Harbor NDA' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit agreement template' });
  const text = edit.getByLabel('Text');
  await text.press('ControlOrMeta+End');
  await text.pressSequentially('\nThis agreement lasts {{notice_period}} beyond the work.');
  await expect(edit.getByRole('region', { name: 'Preview' })).toContainText(
    'This agreement lasts 14 days beyond the work.',
  );
  await edit.getByRole('button', { name: 'Save new version' }).click();
  await expect(table.getByRole('row', { name: /Harbor NDA.*version 2/ })).toBeVisible();

  await table.getByRole('button', { name: 'Versions of Harbor NDA' }).click();
  const versions = page.getByRole('dialog', { name: 'Versions of Harbor NDA' });
  await expect(versions.getByText(/^Version 2/)).toBeVisible();
  await expect(versions.getByText(/^Version 1/)).toBeVisible();
  await expectNoSeriousViolations(page);
});

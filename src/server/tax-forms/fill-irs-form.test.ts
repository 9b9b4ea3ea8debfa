import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

// The IRS's blank forms as shipped (irs-forms/README.md): the revisions fill-irs-form.ts fills, with every
// field it names, and no value left from anyone.
describe('the IRS forms', () => {
  const load = async (file: string) =>
    PDFDocument.load(await fs.readFile(path.join(import.meta.dirname, 'irs-forms', file)), { updateMetadata: false });

  it.each([
    [
      'fw9.pdf',
      'Form W-9 (Rev. March 2024)',
      ['f1_01', 'f1_02', 'c1_1', 'f1_07', 'f1_08', 'f1_11', 'f1_13', 'f1_14', 'f1_15'],
    ],
    [
      'fw8ben.pdf',
      'Form W-8 BEN (Rev. October 2021)',
      ['f_1', 'f_2', 'f_5', 'f_9', 'f_10', 'c1_01', 'f_12', 'c1_02', 'Date', 'f_21'],
    ],
  ])('%s is %s, blank, with the fields filled', async (file, title, fields) => {
    const document = await load(file);
    expect(document.getTitle()).toBe(title);
    const form = document.getForm();
    const names = form.getFields().map((field) => field.getName());
    for (const field of fields) expect(names.some((name) => name.includes(`.${field}[`))).toBe(true);
    for (const field of form.getFields()) {
      if ('getText' in field && typeof field.getText === 'function') expect(field.getText() ?? '').toBe('');
      if ('isChecked' in field && typeof field.isChecked === 'function') expect(field.isChecked()).toBe(false);
    }
  });
});

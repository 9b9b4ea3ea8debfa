import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TaxIdCountry, taxIdShapes, taxIdTexts } from '~/shared/tax-id-texts';
import { checkTaxId, euMemberStates } from './tax-ids';

const refusedForShape = (country: TaxIdCountry) => ({ ok: false, message: taxIdShapes[country] });
const refusedForCheckDigit = (country: TaxIdCountry) => ({
  ok: false,
  message: taxIdTexts.checkDigit(taxIdShapes[country]),
});

// Valid numbers from jsvat's own test lists (test/countries_vat_lists/*.vat.js) or its README, and beside each
// the same number with its check digit (or character) changed.
const euSamples: Array<[TaxIdCountry, string, string]> = [
  ['AT', 'ATU12011204', 'ATU12011200'],
  ['BE', 'BE0411905847', 'BE0411905840'],
  ['BG', 'BG103041626', 'BG103041620'],
  ['CY', 'CY10008146K', 'CY10008146A'],
  ['CZ', 'CZ25093282', 'CZ25093280'],
  ['DE', 'DE136695976', 'DE136695970'],
  ['DK', 'DK10000076', 'DK10000070'],
  ['EE', 'EE100183238', 'EE100183230'],
  ['ES', 'ESA08017535', 'ESA08017530'],
  ['FI', 'FI00000094', 'FI00000090'],
  ['FR', 'FR05442977302', 'FR05442977300'],
  ['GR', 'EL094012834', 'EL094012830'],
  ['HR', 'HR16364086764', 'HR16364086760'],
  ['HU', 'HU11162973', 'HU11162970'],
  ['IE', 'IE6388047V', 'IE6388047W'],
  ['IT', 'IT00488410010', 'IT00488410011'],
  ['LT', 'LT100003222911', 'LT100003222910'],
  ['LU', 'LU00000808', 'LU00000800'],
  ['LV', 'LV40003224680', 'LV40003224681'],
  ['MT', 'MT11012007', 'MT11012000'],
  ['NL', 'NL004909665B07', 'NL004909664B07'],
  ['PL', 'PL5240303547', 'PL5240303540'],
  ['PT', 'PT100000096', 'PT100000090'],
  ['RO', 'RO1234565', 'RO1234560'],
  ['SE', 'SE202100309601', 'SE202100309501'],
  ['SI', 'SI23512580', 'SI23512581'],
  ['SK', 'SK2020273893', 'SK2020273890'],
];

describe('checkTaxId: EU VAT numbers', () => {
  it('covers the 27 member states', () => {
    expect(euMemberStates).toHaveLength(27);
    expect(euSamples.map(([country]) => country).sort()).toEqual(euMemberStates);
  });

  it.each(euSamples)('%s: takes %s, prints it compact, and asks VIES with its prefix', (country, number) => {
    const viesCountry = number.slice(0, 2);
    expect(checkTaxId(country, number)).toEqual({ ok: true, normalized: number, scheme: 'eu_vat', viesCountry });
    // Without the prefix, spaced as people copy it from a letterhead.
    const body = number.slice(2).replace(/(\w{3})(?=\w)/g, '$1 ');
    expect(checkTaxId(country, body)).toEqual({ ok: true, normalized: number, scheme: 'eu_vat', viesCountry });
  });

  it.each(euSamples)('%s: refuses a mistyped check digit (%s → %s)', (country, _number, mistyped) => {
    expect(checkTaxId(country, mistyped)).toEqual(refusedForCheckDigit(country));
  });

  it('says which shape a German number has, when it is too short or too long', () => {
    expect(checkTaxId('DE', 'DE13669597')).toEqual({
      ok: false,
      message: 'A German VAT number is DE followed by 9 digits.',
    });
    expect(checkTaxId('DE', 'DE1366959761')).toEqual(refusedForShape('DE'));
    expect(checkTaxId('SE', '2021003096')).toEqual(refusedForShape('SE'));
  });

  it('reads spaces, dots, dashes, slashes and lower case, and prints the number compact', () => {
    const german = { ok: true, normalized: 'DE136695976', scheme: 'eu_vat', viesCountry: 'DE' };
    expect(checkTaxId('DE', ' de 136.695-976 ')).toEqual(german);
    expect(checkTaxId('DE', '136/695/976')).toEqual(german);
    expect(checkTaxId('de', 'DE136695976')).toEqual(german);
  });

  it('prints Greek numbers with EL, VIES’s code for Greece, whether typed with EL, GR or neither', () => {
    const greek = { ok: true, normalized: 'EL094012834', scheme: 'eu_vat', viesCountry: 'EL' };
    expect(checkTaxId('GR', 'EL094012834')).toEqual(greek);
    expect(checkTaxId('GR', 'GR 094 012 834')).toEqual(greek);
    expect(checkTaxId('GR', '094012834')).toEqual(greek);
  });

  it('adds the U an Austrian number is often typed without', () => {
    expect(checkTaxId('AT', '12011204')).toEqual({
      ok: true,
      normalized: 'ATU12011204',
      scheme: 'eu_vat',
      viesCountry: 'AT',
    });
  });

  it('takes Belgian numbers of the 1-series, which jsvat 2.5.4 refuses, and old 9-digit numbers with their 0', () => {
    // 97 − (10003417 mod 97) = 96, worked by hand.
    expect(checkTaxId('BE', 'BE 1000.341.796')).toEqual({
      ok: true,
      normalized: 'BE1000341796',
      scheme: 'eu_vat',
      viesCountry: 'BE',
    });
    expect(checkTaxId('BE', 'BE1000341795')).toEqual(refusedForCheckDigit('BE'));
    expect(checkTaxId('BE', 'BE430973770')).toMatchObject({ ok: true, normalized: 'BE0430973770' });
    expect(checkTaxId('BE', 'BE2000341796')).toEqual(refusedForShape('BE'));
  });

  it('takes a Monaco company’s French number: Monaco shares France’s VAT', () => {
    expect(checkTaxId('MC', 'FR05442977302')).toEqual({
      ok: true,
      normalized: 'FR05442977302',
      scheme: 'eu_vat',
      viesCountry: 'FR',
    });
  });
});

describe('checkTaxId: the United Kingdom, Switzerland and Norway', () => {
  it('takes a UK number with or without GB; VIES does not answer for GB', () => {
    const british = { ok: true, normalized: 'GB001514344', scheme: 'gb_vat', viesCountry: null };
    expect(checkTaxId('GB', 'GB 001 5143 44')).toEqual(british);
    expect(checkTaxId('GB', '001514344')).toEqual(british);
    expect(checkTaxId('IM', 'GB001514344')).toEqual(british);
    expect(checkTaxId('GB', 'GB001514340')).toEqual(refusedForCheckDigit('GB'));
    expect(checkTaxId('GB', 'GB00151434')).toEqual(refusedForShape('GB'));
  });

  it('keeps Northern Ireland’s XI, which VIES answers for', () => {
    expect(checkTaxId('GB', 'XI 001 5143 44')).toEqual({
      ok: true,
      normalized: 'XI001514344',
      scheme: 'gb_vat',
      viesCountry: 'XI',
    });
  });

  it('prints a Swiss number as CHE-123.456.789 with its suffix, MWST when none was typed', () => {
    expect(checkTaxId('CH', 'CHE102805222MWST')).toEqual({
      ok: true,
      normalized: 'CHE-102.805.222 MWST',
      scheme: 'ch_vat',
      viesCountry: null,
    });
    expect(checkTaxId('CH', 'CHE-102.805.222 TVA')).toMatchObject({ ok: true, normalized: 'CHE-102.805.222 TVA' });
    expect(checkTaxId('CH', '102 805 222')).toMatchObject({ ok: true, normalized: 'CHE-102.805.222 MWST' });
    expect(checkTaxId('CH', 'CHE-102.805.223 MWST')).toEqual(refusedForCheckDigit('CH'));
    expect(checkTaxId('CH', 'CHE-102.805.22 MWST')).toEqual(refusedForShape('CH'));
  });

  it('prints a Norwegian number with MVA', () => {
    const norwegian = { ok: true, normalized: 'NO945748931MVA', scheme: 'no_vat', viesCountry: null };
    expect(checkTaxId('NO', 'NO 945 748 931 MVA')).toEqual(norwegian);
    expect(checkTaxId('NO', '945748931')).toEqual(norwegian);
    expect(checkTaxId('NO', 'NO945748930')).toEqual(refusedForCheckDigit('NO'));
    expect(checkTaxId('NO', 'NO94574893')).toEqual(refusedForShape('NO'));
  });
});

describe('checkTaxId: Australia, India and Canada', () => {
  it('takes the ATO’s sample ABN and prints it in the ATO’s groups', () => {
    expect(checkTaxId('AU', '51824753556')).toEqual({
      ok: true,
      normalized: '51 824 753 556',
      scheme: 'au_abn',
      viesCountry: null,
    });
    expect(checkTaxId('AU', '51 824 753 557')).toEqual(refusedForCheckDigit('AU'));
    expect(checkTaxId('AU', '5182475355')).toEqual(refusedForShape('AU'));
    expect(checkTaxId('AU', '01824753556')).toEqual(refusedForShape('AU'));
  });

  it('takes the sample GSTIN of GST documentation, in any case and spacing', () => {
    expect(checkTaxId('IN', '27 aapfu0939f1zv')).toEqual({
      ok: true,
      normalized: '27AAPFU0939F1ZV',
      scheme: 'in_gstin',
      viesCountry: null,
    });
    expect(checkTaxId('IN', '27AAPFU0939F1ZW')).toEqual(refusedForCheckDigit('IN'));
    // No state 39; the thirteenth character is not Z; a PAN's fifth character is a letter.
    expect(checkTaxId('IN', '39AAPFU0939F1ZV')).toEqual(refusedForShape('IN'));
    expect(checkTaxId('IN', '27AAPFU0939F1YV')).toEqual(refusedForShape('IN'));
    expect(checkTaxId('IN', '27AAPF10939F1ZV')).toEqual(refusedForShape('IN'));
    expect(checkTaxId('IN', '27AAPFU0939F1Z')).toEqual(refusedForShape('IN'));
  });

  it('takes a GST/HST number: a Business Number whose Luhn digit holds, RT and 4 digits', () => {
    expect(businessNumberCheckDigit('12345678')).toBe('2');
    expect(checkTaxId('CA', '123456782 RT 0001')).toEqual({
      ok: true,
      normalized: '123456782RT0001',
      scheme: 'ca_bn',
      viesCountry: null,
    });
    expect(checkTaxId('CA', '123456789RT0001')).toEqual(refusedForCheckDigit('CA'));
    expect(checkTaxId('CA', '123456782')).toEqual(refusedForShape('CA'));
    expect(checkTaxId('CA', '123456782RC0001')).toEqual(refusedForShape('CA'));
  });
});

describe('checkTaxId: a number from another country', () => {
  it('refuses it in a sentence naming where the number is from', () => {
    expect(checkTaxId('FR', 'DE136695976')).toEqual({
      ok: false,
      message:
        'A number starting with DE is a VAT number from Germany. Enter the company’s number for its billing country (France), or change that country.',
    });
    expect(checkTaxId('IE', 'XI001514344')).toEqual({
      ok: false,
      message: taxIdTexts.registeredElsewhere('XI', 'Northern Ireland', 'Ireland'),
    });
    expect(checkTaxId('US', 'GB001514344')).toEqual({
      ok: false,
      message: taxIdTexts.registeredElsewhere('GB', 'the United Kingdom', 'United States'),
    });
    expect(checkTaxId('AU', 'NL004909665B07')).toEqual({
      ok: false,
      message: taxIdTexts.registeredElsewhere('NL', 'the Netherlands', 'Australia'),
    });
  });

  it('does not take letters that only look like a prefix for one', () => {
    // A Mexican RFC starting with AT: not an Austrian number's shape.
    expect(checkTaxId('MX', 'ATE680524P76')).toMatchObject({ ok: true, scheme: 'other' });
  });
});

describe('checkTaxId: every other country', () => {
  it('takes 2 to 30 letters and digits as typed, upper case, as billing details always did', () => {
    expect(checkTaxId('US', ' 12-3456789 ')).toEqual({
      ok: true,
      normalized: '12-3456789',
      scheme: 'other',
      viesCountry: null,
    });
    expect(checkTaxId('JP', 't1234567890123')).toMatchObject({ ok: true, normalized: 'T1234567890123' });
    expect(checkTaxId('', 'DE136695976')).toMatchObject({ ok: true, scheme: 'other' });
    expect(checkTaxId('US', '1')).toEqual({ ok: false, message: taxIdTexts.other });
    expect(checkTaxId('US', 'A'.repeat(31))).toEqual({ ok: false, message: taxIdTexts.other });
    expect(checkTaxId('US', '12_3456789')).toEqual({ ok: false, message: taxIdTexts.other });
  });

  it('checks every country it has a sentence for by that country’s rule', () => {
    for (const country of Object.keys(taxIdShapes) as TaxIdCountry[]) {
      expect(checkTaxId(country, '1'), country).toEqual(refusedForShape(country));
    }
  });
});

// The test's own arithmetic, written from the published rules rather than read from the module.
function businessNumberCheckDigit(first8: string): string {
  const sum = [...first8].reduce((total, character, index) => {
    const doubled = Number(character) * (index % 2 === 1 ? 2 : 1);
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return String((10 - (sum % 10)) % 10);
}

const digitString = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const countValid = (country: string, candidates: string[]) =>
  candidates.filter((candidate) => checkTaxId(country, candidate).ok).length;
const otherDigits = (digit: string) => [...'0123456789'].filter((other) => other !== digit);

describe('check digits, for any number', () => {
  // Of the prefixes 11–99, p − 10 runs over 1–89, one of each remainder modulo 89: exactly one makes the
  // weighted sum a multiple of 89. (10 is valid exactly when 99 is, so it is left out.)
  it('gives an ABN exactly one of the check pairs 11–99', () => {
    fc.assert(
      fc.property(digitString(9), (body) => {
        const pairs = Array.from({ length: 89 }, (_, index) => String(index + 11));
        expect(
          countValid(
            'AU',
            pairs.map((pair) => `${pair}${body}`),
          ),
        ).toBe(1);
      }),
      { numRuns: 50 },
    );
  });

  it('gives a Business Number exactly one check digit, the one Luhn gives', () => {
    fc.assert(
      fc.property(digitString(8), (first8) => {
        const numbers = [...'0123456789'].map((digit) => `${first8}${digit}RT0001`);
        expect(countValid('CA', numbers)).toBe(1);
        expect(checkTaxId('CA', `${first8}${businessNumberCheckDigit(first8)}RT0001`).ok).toBe(true);
      }),
    );
  });

  it('gives a GSTIN exactly one of the 36 check characters', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const stem = fc
      .tuple(
        fc.integer({ min: 1, max: 38 }),
        fc.string({ unit: letter, minLength: 5, maxLength: 5 }),
        digitString(4),
        letter,
        fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      )
      .map(([state, panLetters, panDigits, panLast, entity]) =>
        [String(state).padStart(2, '0'), panLetters, panDigits, panLast, entity, 'Z'].join(''),
      );
    fc.assert(
      fc.property(stem, (first14) => {
        const characters = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
        expect(
          countValid(
            'IN',
            characters.map((character) => `${first14}${character}`),
          ),
        ).toBe(1);
      }),
      { numRuns: 50 },
    );
  });

  // 89 is prime and every weight and change of a digit is below it, so a change of one digit always moves the
  // sum off a multiple of 89; Luhn catches every single-digit change too.
  it('refuses a valid ABN or Business Number with any one digit changed', () => {
    fc.assert(
      fc.property(digitString(9), fc.integer({ min: 0, max: 10 }), (body, position) => {
        const pair = Array.from({ length: 89 }, (_, index) => String(index + 11)).find(
          (candidate) => checkTaxId('AU', `${candidate}${body}`).ok,
        );
        const abn = `${pair}${body}`;
        for (const digit of otherDigits(abn.charAt(position))) {
          const changed = `${abn.slice(0, position)}${digit}${abn.slice(position + 1)}`;
          expect(checkTaxId('AU', changed).ok, changed).toBe(false);
        }
      }),
      { numRuns: 50 },
    );
    fc.assert(
      fc.property(digitString(8), fc.integer({ min: 0, max: 8 }), (first8, position) => {
        const businessNumber = `${first8}${businessNumberCheckDigit(first8)}`;
        for (const digit of otherDigits(businessNumber.charAt(position))) {
          const changed = `${businessNumber.slice(0, position)}${digit}${businessNumber.slice(position + 1)}`;
          expect(checkTaxId('CA', `${changed}RT0001`).ok, changed).toBe(false);
        }
      }),
    );
  });
});

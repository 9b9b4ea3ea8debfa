import {
  austria,
  bulgaria,
  type Country,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  norway,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  switzerland,
  unitedKingdom,
} from 'jsvat';
import { countryName } from '~/shared/billing-details-texts';
import { euMemberStates } from '~/shared/tax';
import { type TaxIdCountry, taxIdShapes, taxIdTexts } from '~/shared/tax-id-texts';

// A company's VAT or GST number, checked for its country's shape and check digits before it is saved and
// printed on invoices. Pure: whether the number is registered is VIES's to say (vies.ts), for EU numbers.

export type TaxIdScheme = 'eu_vat' | 'gb_vat' | 'ch_vat' | 'no_vat' | 'au_abn' | 'in_gstin' | 'ca_bn' | 'other';

export type TaxIdCheck =
  | {
      ok: true;
      // As invoices print it.
      normalized: string;
      scheme: TaxIdScheme;
      // EU VAT (and Northern Ireland's XI): the member state code VIES is asked with ('EL' for Greece).
      viesCountry: string | null;
    }
  | { ok: false; message: string };

type BodyCheck =
  | { ok: true; normalized: string; viesCountry: string | null }
  | { ok: false; reason: 'shape' | 'check' };

interface CountryRule {
  scheme: TaxIdScheme;
  // The prefixes a number may be typed with.
  prefixes: string[];
  // The number without its prefix (upper case, no spaces, dots, dashes or slashes), and the prefix typed.
  check: (body: string, typedPrefix: string | null) => BodyCheck;
}

const shape = { ok: false, reason: 'shape' } as const;
const checkFailed = { ok: false, reason: 'check' } as const;

// jsvat 2.5.4 checks each of these countries' check digits (its calcFn), after its pattern. Where it is
// lenient: French numbers whose key holds letters, Latvian and Czech numbers of people (a date, no digit).
function jsvatCheck(country: Country, jsvatPrefix: string, printedPrefix: string, viesCountry: string | null) {
  return (body: string): BodyCheck => {
    const result = checkVAT(`${jsvatPrefix}${body}`, [country]);
    if (!result.isValidFormat) return shape;
    if (!result.isValid) return checkFailed;
    return { ok: true, normalized: `${printedPrefix}${body}`, viesCountry };
  };
}

// jsvat 2.5.4 takes Belgian numbers as 0 and 9 digits only, so it refuses every number issued since the
// 0-series ran out (1000.000.000 onwards). The rule: 10 digits, the first 0 or 1 (an old 9-digit number is
// the same with a 0 before it); the last two are 97 less the first eight modulo 97.
function checkBelgian(body: string): BodyCheck {
  const digits = /^[1-9]\d{8}$/.test(body) ? `0${body}` : body;
  if (!/^(0[1-9]|1\d)\d{8}$/.test(digits)) return shape;
  if (97 - (Number(digits.slice(0, 8)) % 97) !== Number(digits.slice(8))) return checkFailed;
  return { ok: true, normalized: `BE${digits}`, viesCountry: 'BE' };
}

// Austrian numbers are ATU and 8 digits; the U is often left out.
function checkAustrian(body: string): BodyCheck {
  return jsvatCheck(austria, 'AT', 'AT', 'AT')(/^\d{8}$/.test(body) ? `U${body}` : body);
}

const euJsvat: Array<[TaxIdCountry, Country]> = [
  ['BG', bulgaria],
  ['CY', cyprus],
  ['CZ', czechRepublic],
  ['DE', germany],
  ['DK', denmark],
  ['EE', estonia],
  ['ES', spain],
  ['FI', finland],
  ['FR', france],
  ['HR', croatia],
  ['HU', hungary],
  ['IE', ireland],
  ['IT', italy],
  ['LT', lithuania],
  ['LU', luxembourg],
  ['LV', latvia],
  ['MT', malta],
  ['NL', netherlands],
  ['PL', poland],
  ['PT', portugal],
  ['RO', romania],
  ['SE', sweden],
  ['SI', slovenia],
  ['SK', slovakiaRepublic],
];

// The 27 member states, by ISO code: one list with the tax rules' (shared/tax.ts).
export { euMemberStates };

// A British number from Northern Ireland is the same number with XI before it: VIES answers for XI (goods
// there follow the EU's rules), not for GB since 2021. Both are checked alike; the typed prefix is kept.
function checkBritish(body: string, typedPrefix: string | null): BodyCheck {
  const prefix = typedPrefix === 'XI' ? 'XI' : 'GB';
  return jsvatCheck(unitedKingdom, 'GB', prefix, prefix === 'XI' ? 'XI' : null)(body);
}

// Swiss invoices print the UID as CHE-123.456.789 with MWST, TVA or IVA (VAT in German, French, Italian);
// the suffix typed is kept, MWST when none.
function checkSwiss(body: string): BodyCheck {
  const result = jsvatCheck(switzerland, 'CHE', 'CHE', null)(body);
  if (!result.ok) return result;
  const digits = body.slice(0, 9);
  const suffix = body.slice(9) || 'MWST';
  return {
    ok: true,
    normalized: `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)} ${suffix}`,
    viesCountry: null,
  };
}

// A Norwegian VAT number is the organisation number with MVA after it (registered for VAT).
function checkNorwegian(body: string): BodyCheck {
  const result = jsvatCheck(norway, 'NO', 'NO', null)(body);
  return result.ok ? { ...result, normalized: `NO${body.slice(0, 9)}MVA` } : result;
}

// The ATO's check: subtract 1 from the first digit, weigh the digits 10, 1, 3, 5 … 19; the sum is a multiple
// of 89. Printed in the ATO's groups: 51 824 753 556.
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
function checkAbn(body: string): BodyCheck {
  if (!/^[1-9]\d{10}$/.test(body)) return shape;
  const sum = [...body].reduce((total, digit, index) => {
    const value = Number(digit) - (index === 0 ? 1 : 0);
    return total + value * (ABN_WEIGHTS[index] ?? 0);
  }, 0);
  if (sum % 89 !== 0) return checkFailed;
  return {
    ok: true,
    normalized: `${body.slice(0, 2)} ${body.slice(2, 5)} ${body.slice(5, 8)} ${body.slice(8)}`,
    viesCountry: null,
  };
}

// GSTIN: state code, PAN (5 letters, 4 digits, a letter), the entity's number with that PAN in the state
// (1–9, then A–Z), Z, and GSTN's check character (Luhn mod 36 over the first 14).
const GSTIN_STATES = /^(0[1-9]|[12]\d|3[0-8]|97|99)$/;
const BASE_36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = BASE_36.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE_36.charAt((36 - (sum % 36)) % 36);
}
function checkGstin(body: string): BodyCheck {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(body) || !GSTIN_STATES.test(body.slice(0, 2))) return shape;
  if (gstinCheckCharacter(body.slice(0, 14)) !== body.charAt(14)) return checkFailed;
  return { ok: true, normalized: body, viesCountry: null };
}

// A GST/HST account: the 9-digit Business Number (its last digit a Luhn check), RT, a 4-digit reference.
function luhnHolds(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits.charAt(digits.length - 1 - index));
    const weighed = index % 2 === 1 ? digit * 2 : digit;
    sum += weighed > 9 ? weighed - 9 : weighed;
  }
  return sum % 10 === 0;
}
function checkCanadian(body: string): BodyCheck {
  if (!/^\d{9}RT\d{4}$/.test(body)) return shape;
  if (!luhnHolds(body.slice(0, 9))) return checkFailed;
  return { ok: true, normalized: body, viesCountry: null };
}

const rules = new Map<TaxIdCountry, CountryRule>([
  ...euJsvat.map(([code, country]): [TaxIdCountry, CountryRule] => [
    code,
    { scheme: 'eu_vat', prefixes: [code], check: jsvatCheck(country, code, code, code) },
  ]),
  ['AT', { scheme: 'eu_vat', prefixes: ['AT'], check: checkAustrian }],
  ['BE', { scheme: 'eu_vat', prefixes: ['BE'], check: checkBelgian }],
  // Greece's VAT prefix is EL; GR, its ISO code, is taken too.
  ['GR', { scheme: 'eu_vat', prefixes: ['EL', 'GR'], check: jsvatCheck(greece, 'EL', 'EL', 'EL') }],
  ['MC', { scheme: 'eu_vat', prefixes: ['FR'], check: jsvatCheck(france, 'FR', 'FR', 'FR') }],
  ['GB', { scheme: 'gb_vat', prefixes: ['GB', 'XI'], check: checkBritish }],
  ['IM', { scheme: 'gb_vat', prefixes: ['GB'], check: checkBritish }],
  ['CH', { scheme: 'ch_vat', prefixes: ['CHE'], check: checkSwiss }],
  ['NO', { scheme: 'no_vat', prefixes: ['NO'], check: checkNorwegian }],
  ['AU', { scheme: 'au_abn', prefixes: [], check: checkAbn }],
  ['IN', { scheme: 'in_gstin', prefixes: [], check: checkGstin }],
  ['CA', { scheme: 'ca_bn', prefixes: [], check: checkCanadian }],
]);

const isTaxIdCountry = (country: string): country is TaxIdCountry => Object.hasOwn(taxIdShapes, country);

// The number has the shape, whatever its check digit says.
const hasShape = (result: BodyCheck) => result.ok || result.reason === 'check';

// Where a prefix says a number is registered, and how to tell that number's shape (its check digits aside).
const registeredPlaces: Array<{
  prefix: string;
  place: string;
  countries: string[];
  hasShape: (compact: string) => boolean;
}> = [
  ...euJsvat.map(([code, country]) => ({
    prefix: code,
    place: code === 'NL' ? 'the Netherlands' : countryName(code),
    countries: code === 'FR' ? ['FR', 'MC'] : [code],
    hasShape: (compact: string) => checkVAT(compact, [country]).isValidFormat,
  })),
  {
    prefix: 'AT',
    place: countryName('AT'),
    countries: ['AT'],
    hasShape: (compact) => hasShape(checkAustrian(compact.slice(2))),
  },
  {
    prefix: 'BE',
    place: countryName('BE'),
    countries: ['BE'],
    hasShape: (compact) => hasShape(checkBelgian(compact.slice(2))),
  },
  {
    prefix: 'EL',
    place: countryName('GR'),
    countries: ['GR'],
    hasShape: (compact) => checkVAT(compact, [greece]).isValidFormat,
  },
  {
    prefix: 'GB',
    place: 'the United Kingdom',
    countries: ['GB', 'IM'],
    hasShape: (compact) => checkVAT(compact, [unitedKingdom]).isValidFormat,
  },
  {
    prefix: 'XI',
    place: 'Northern Ireland',
    countries: ['GB'],
    hasShape: (compact) => checkVAT(`GB${compact.slice(2)}`, [unitedKingdom]).isValidFormat,
  },
  {
    prefix: 'CHE',
    place: countryName('CH'),
    countries: ['CH'],
    hasShape: (compact) => checkVAT(compact, [switzerland]).isValidFormat,
  },
  {
    prefix: 'NO',
    place: countryName('NO'),
    countries: ['NO'],
    hasShape: (compact) => checkVAT(compact, [norway]).isValidFormat,
  },
];

// A number that begins with another country's prefix and has that country's shape is that country's number,
// even when it might pass for one of ours (a French key may be two letters: DE123456789).
function registeredElsewhere(compact: string, country: string) {
  return registeredPlaces.find(
    (place) => !place.countries.includes(country) && compact.startsWith(place.prefix) && place.hasShape(compact),
  );
}

const OTHER_TAX_ID = /^[A-Z0-9][A-Z0-9 .-]{0,28}[A-Z0-9]$/;

// `country`: ISO 3166-1 alpha-2, as billing details hold it ('' when not chosen: any country's shape).
// `raw`: as typed, with or without the country prefix, with spaces, dots, dashes or slashes between.
export function checkTaxId(country: string, raw: string): TaxIdCheck {
  const countryCode = country.trim().toUpperCase();
  const typed = raw.trim().toUpperCase();
  const compact = typed.replace(/[\s./-]+/g, '');
  // With no country chosen there is no country to compare a prefix with: any country's shape will do.
  const elsewhere = countryCode === '' ? undefined : registeredElsewhere(compact, countryCode);
  if (elsewhere) {
    return {
      ok: false,
      message: taxIdTexts.registeredElsewhere(elsewhere.prefix, elsewhere.place, countryName(countryCode)),
    };
  }
  const rule = isTaxIdCountry(countryCode) ? rules.get(countryCode) : undefined;
  if (!isTaxIdCountry(countryCode) || !rule) {
    if (!OTHER_TAX_ID.test(typed)) return { ok: false, message: taxIdTexts.other };
    return { ok: true, normalized: typed.replace(/\s+/g, ' '), scheme: 'other', viesCountry: null };
  }
  const typedPrefix = rule.prefixes.find((prefix) => compact.startsWith(prefix)) ?? null;
  const result = rule.check(typedPrefix ? compact.slice(typedPrefix.length) : compact, typedPrefix);
  const expected = taxIdTexts.shape[countryCode];
  if (!result.ok) return { ok: false, message: result.reason === 'check' ? taxIdTexts.checkDigit(expected) : expected };
  return { ok: true, normalized: result.normalized, scheme: rule.scheme, viesCountry: result.viesCountry };
}

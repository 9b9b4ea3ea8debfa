// What a company is told about the VAT or GST number in its billing details, with no zod: the billing form
// may show these sentences as it checks the field. The server's check is kernels/money/tax-ids.ts.
import { billingDetailsTexts } from './billing-details-texts';

// The countries whose numbers are checked to the character (and the check digit), by ISO 3166-1 alpha-2.
// Monaco shares France's VAT and the Isle of Man the United Kingdom's: their numbers are French and British.
export const taxIdShapes = {
  AT: 'An Austrian VAT number is ATU followed by 8 digits.',
  BE: 'A Belgian VAT number is BE followed by 10 digits starting with 0 or 1.',
  BG: 'A Bulgarian VAT number is BG followed by 9 or 10 digits.',
  CY: 'A Cypriot VAT number is CY followed by 8 digits and a letter.',
  CZ: 'A Czech VAT number is CZ followed by 8, 9 or 10 digits.',
  DE: 'A German VAT number is DE followed by 9 digits.',
  DK: 'A Danish VAT number is DK followed by 8 digits.',
  EE: 'An Estonian VAT number is EE followed by 9 digits starting with 10.',
  ES: 'A Spanish VAT number is ES followed by 9 letters and digits: a letter or digit, 7 digits, a letter or digit.',
  FI: 'A Finnish VAT number is FI followed by 8 digits.',
  FR: 'A French VAT number is FR followed by a 2-character key and the 9-digit SIREN.',
  GR: 'A Greek VAT number is EL followed by 9 digits.',
  HR: 'A Croatian VAT number is HR followed by 11 digits.',
  HU: 'A Hungarian VAT number is HU followed by 8 digits.',
  IE: 'An Irish VAT number is IE followed by 7 digits and 1 or 2 letters.',
  IT: 'An Italian VAT number is IT followed by 11 digits.',
  LT: 'A Lithuanian VAT number is LT followed by 9 or 12 digits.',
  LU: 'A Luxembourg VAT number is LU followed by 8 digits.',
  LV: 'A Latvian VAT number is LV followed by 11 digits.',
  MT: 'A Maltese VAT number is MT followed by 8 digits.',
  NL: 'A Dutch VAT number is NL followed by 9 digits, the letter B and 2 digits.',
  PL: 'A Polish VAT number is PL followed by 10 digits.',
  PT: 'A Portuguese VAT number is PT followed by 9 digits.',
  RO: 'A Romanian VAT number is RO followed by 2 to 10 digits.',
  SE: 'A Swedish VAT number is SE followed by 12 digits ending in 01.',
  SI: 'A Slovenian VAT number is SI followed by 8 digits.',
  SK: 'A Slovak VAT number is SK followed by 10 digits.',
  MC: 'A Monaco VAT number is French: FR followed by a 2-character key and 9 digits.',
  GB: 'A UK VAT number is GB (XI for goods in Northern Ireland) followed by 9 digits, or 12 for a branch.',
  IM: 'An Isle of Man VAT number is British: GB followed by 9 digits, or 12 for a branch.',
  CH: 'A Swiss VAT number is CHE followed by 9 digits and MWST, TVA or IVA.',
  NO: 'A Norwegian VAT number is NO followed by the 9-digit organisation number and MVA.',
  AU: 'An Australian Business Number (ABN) is 11 digits.',
  IN: 'An Indian GSTIN is 15 characters: the 2-digit state code, the 10-character PAN, an entity code, Z and a check character.',
  CA: 'A Canadian GST/HST number is the 9-digit Business Number followed by RT and 4 digits, as in 123456782RT0001.',
} as const;

export type TaxIdCountry = keyof typeof taxIdShapes;

export const taxIdTexts = {
  shape: taxIdShapes,
  // Every other country: the loose pattern billing details always had.
  other: billingDetailsTexts.taxId,
  checkDigit: (shape: string) => `${shape} This one’s check digit does not match: look for a mistyped character.`,
  // `place` as a sentence names it ('Germany', 'the Netherlands'); `country` stands in brackets, article-free.
  // VIES, the EU's register of VAT numbers, answered that a number is not registered.
  notRegistered:
    'The EU’s VIES register says this VAT number is not registered. Check it with the company, or leave the tax ID empty.',
  registeredElsewhere: (prefix: string, place: string, country: string) =>
    `A number starting with ${prefix} is a VAT number from ${place}. Enter the company’s number for its billing country (${country}), or change that country.`,
} as const;

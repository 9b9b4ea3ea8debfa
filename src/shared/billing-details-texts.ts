// A company's billing details as screens show them, with no zod: Billing shows them read-only without
// loading zod, and the form that changes them loads with its schema (decisions 037, 042). billing-details.ts
// re-exports them.

// ISO 3166-1 alpha-2: every officially assigned code.
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
// 'PT' → 'Portugal'; '' → ''.
export const countryName = (code: string) => (code ? (regionNames.of(code) ?? code) : '');

export const billingDetailsTexts = {
  updated: 'Billing details saved.',
  legalName: 'Write the legal name in 200 characters or fewer.',
  addressLine: 'Write each address line in 200 characters or fewer.',
  city: 'Write the city in 100 characters or fewer.',
  region: 'Write the state or region in 100 characters or fewer.',
  postalCode: 'Write the postal code in 20 characters or fewer.',
  country: 'Choose a country from the list.',
  taxId: 'A tax ID is 2 to 30 letters and digits (spaces, dots and dashes allowed).',
  addressNeedsCountry: 'Choose the country of this address.',
  taxRate: 'The tax rate is a percentage from 0 to 100, with at most two decimals.',
  paymentTerms: 'Payment terms are 0 to 120 days.',
  sellerUpdated: 'The seller on invoices is saved.',
  // What a change touches (decision 044): the next invoices, never one already issued.
  fromNowOn:
    'Changes apply to invoices issued from now on. Invoices already issued keep the details they were issued with.',
  setByTandem: 'Tandem sets your tax rate and payment terms. Ask your account manager if they need to change.',
  noLegalName: 'Not set: invoices name your company as it is called on Tandem.',
  // Issue 55: a company's rates, invoices, payments and escrow are all in one currency (decision 051).
  currency: 'Choose a billing currency from the list: USD, EUR, GBP, CAD or AUD.',
  currencyFixed:
    'The billing currency is fixed once the company has posted a job: its rates, invoices and payments are all in one currency.',
  currencyHint: 'Your jobs’ rates, your invoices and your payments are in this currency.',
  sellerEmail: 'Enter a valid email address, or leave it empty.',
  sellerEin: 'An EIN is 9 digits, such as 12-3456789, with a prefix the IRS assigns; or leave it empty.',
  sellerPhone: 'Enter a phone number of 7 to 25 digits, spaces and + ( ) - . signs, or leave it empty.',
  emailEInvoice: 'Say whether invoice emails carry the e-invoice: true or false.',
  emailEInvoiceLabel: 'Attach the e-invoice (EN 16931 UBL XML) to invoice emails',
  emailEInvoiceHint:
    'For accounting systems and tax portals that read e-invoices. You can always download it from the invoice.',
} as const;

// The address as an invoice prints it (the issuing trigger of migration 0072): the lines, then
// "City, Region Postal code", then the country's name; empty parts left out.
export function billingAddressLines(details: {
  address_line1: string;
  address_line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
}): string[] {
  const place = [details.city, details.region].filter(Boolean).join(', ');
  const locality = [place, details.postal_code].filter(Boolean).join(' ');
  return [details.address_line1, details.address_line2, locality, countryName(details.country)].filter(Boolean);
}

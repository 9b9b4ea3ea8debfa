import type { EInvoiceFormat, Invoice, Logger } from '@e-invoice-eu/core';
import type { ValidateFunction } from 'ajv';
import { currencyMinorUnits } from '~/shared/currencies';
import { type EInvoicePartyRole, eInvoiceTexts } from '~/shared/e-invoice-texts';
import { minorToDecimal } from '~/shared/money-format';
import { AppError } from '../../platform/errors';
import type { EInvoiceDocument, EInvoiceLine, EInvoiceParty } from './e-invoice-document';

// An issued invoice or credit note as a UBL 2.1 Invoice (380) or CreditNote (381) under EN 16931 and Peppol BIS
// Billing 3.0. The document is mapped to @e-invoice-eu/core's internal format (UBL-shaped JSON), checked by
// that library's JSON schema, and written by its 'UBL' format service, which also turns an Invoice into a
// CreditNote (CreditNoteTypeCode, CreditNoteLine, CreditedQuantity). The EN 16931 business rules the schema
// cannot see (BR-S/AE/O, BR-CO sums) are checked here first, and a document that would break them is refused.
//
// What the library's rendering cannot say, and so is not said:
// - A credit note's due date: it drops cbc:DueDate from a CreditNote, and Peppol puts a credit note's BT-9 in
//   cac:PaymentMeans, which needs a payment means code we do not have. The date goes into the payment terms.
// - Prices with more than 2 decimals (its schema's pattern): see the line rule in e-invoice-document.ts.
//
// Electronic addresses are the parties' emails, scheme 'EM'. EN 16931 accepts it (BR-CL-25); Peppol's own
// list of schemes (PEPPOL-EN16931-CL008, BIS 3.0.19) does not, so a document sent over the Peppol network needs
// both parties' Peppol participant ids there instead. Every other Peppol rule holds.

export const PEPPOL_BILLING_CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_BILLING_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const INVOICE_TYPE_CODE = '380';
const CREDIT_NOTE_TYPE_CODE = '381';
const ELECTRONIC_MAIL_SCHEME = 'EM';
// BT-32, a seller tax registration that is not a VAT number: any tax scheme id other than 'VAT'.
const TAX_REGISTRATION_SCHEME = 'TAX';
const exemptionReasonCodes: Partial<Record<EInvoiceDocument['tax']['category'], string>> = {
  AE: 'VATEX-EU-AE',
  O: 'VATEX-EU-O',
};

type UblJson = Record<string, unknown>;
export interface EInvoiceData {
  'ubl:Invoice': UblJson;
}

// The XML of one document. Refuses (409, a sentence of eInvoiceTexts) a document whose parties lack what its
// VAT treatment needs; throws a RangeError for a document whose figures do not add up (a mapping's mistake).
export async function eInvoiceXml(document: EInvoiceDocument): Promise<string> {
  const { validate, ubl } = await loadToolkit();
  const data = eInvoiceData(document);
  if (!validate(data)) throw new RangeError(`The e-invoice does not fit its schema: ${schemaErrorsOf(validate)}`);
  ubl.fillInvoiceDefaults(data);
  const xml = await ubl.generate(data, { format: 'UBL', lang: 'en' });
  if (typeof xml !== 'string') throw new TypeError('The UBL format service wrote bytes, not XML text.');
  return xml;
}

// What @e-invoice-eu/core's schema (as its UBL service requires it: with both electronic addresses) finds
// wrong in a document's data, one line each; none for a valid one.
export async function eInvoiceSchemaErrors(data: unknown): Promise<string[]> {
  const { validate } = await loadToolkit();
  return validate(data) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

const schemaErrorsOf = (validate: ValidateFunction<Invoice>) =>
  (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`).join('; ');

// The library and its compiled schema cost about two seconds, so they load on the first e-invoice, not when
// the server starts, and once per process.
interface Toolkit {
  validate: ValidateFunction<Invoice>;
  ubl: EInvoiceFormat;
}
let toolkit: Promise<Toolkit> | undefined;

// The UBL service writes no log on this path (it logs only when it renders a spreadsheet).
const quietLogger: Logger = { log() {}, warn() {}, error() {} };

function loadToolkit(): Promise<Toolkit> {
  toolkit ??= (async () => {
    const [{ FormatFactoryService, invoiceSchema }, { default: Ajv2019 }] = await Promise.all([
      import('@e-invoice-eu/core'),
      import('ajv/dist/2019'),
    ]);
    const ubl = new FormatFactoryService().createFormatService('UBL', quietLogger);
    const schema = structuredClone(invoiceSchema);
    ubl.patchSchema(schema);
    // The options the library's own InvoiceService compiles with.
    const validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    return { validate, ubl };
  })().catch((error: unknown) => {
    toolkit = undefined;
    throw error;
  });
  return toolkit;
}

// The document in the library's internal format, after the EN 16931 rules its schema cannot check.
export function eInvoiceData(document: EInvoiceDocument): EInvoiceData {
  checkBusinessRules(document);
  const { tax, currency } = document;
  const isCreditNote = document.kind === 'credit_note';
  const amount = (minor: number) => minorToDecimal(minor, currencyMinorUnits[currency]);
  const linesNetMinor = document.lines.reduce((sum, line) => sum + line.netMinor, 0);
  const payableMinor = document.totalMinor - document.paidMinor;
  // BR-O-05 and BR-48: a document outside the scope of VAT states no rate.
  const percent = tax.category === 'O' ? {} : { 'cbc:Percent': minorToDecimal(tax.rateBasisPoints, 2) };
  const vat = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  const paymentTerms =
    document.paymentTerms ||
    (isCreditNote && document.dueDate && payableMinor > 0 ? eInvoiceTexts.dueOn(document.dueDate) : '');

  const invoice: UblJson = {
    'cbc:CustomizationID': PEPPOL_BILLING_CUSTOMIZATION_ID,
    'cbc:ProfileID': PEPPOL_BILLING_PROFILE_ID,
    'cbc:ID': document.number,
    'cbc:IssueDate': document.issueDate,
    ...(document.dueDate && !isCreditNote ? { 'cbc:DueDate': document.dueDate } : {}),
    'cbc:InvoiceTypeCode': isCreditNote ? CREDIT_NOTE_TYPE_CODE : INVOICE_TYPE_CODE,
    ...(document.note ? { 'cbc:Note': [document.note] } : {}),
    'cbc:DocumentCurrencyCode': currency,
    'cbc:BuyerReference': document.buyerReference,
    ...(document.periodStart || document.periodEnd
      ? {
          'cac:InvoicePeriod': {
            ...(document.periodStart ? { 'cbc:StartDate': document.periodStart } : {}),
            ...(document.periodEnd ? { 'cbc:EndDate': document.periodEnd } : {}),
          },
        }
      : {}),
    ...(document.precedingInvoice
      ? {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': document.precedingInvoice.number,
                'cbc:IssueDate': document.precedingInvoice.issueDate,
              },
            },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': { 'cac:Party': sellerParty(document) },
    'cac:AccountingCustomerParty': { 'cac:Party': buyerParty(document) },
    ...(paymentTerms ? { 'cac:PaymentTerms': { 'cbc:Note': paymentTerms } } : {}),
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': amount(document.taxMinor),
        'cbc:TaxAmount@currencyID': currency,
        'cac:TaxSubtotal': [
          {
            'cbc:TaxableAmount': amount(document.taxableMinor),
            'cbc:TaxableAmount@currencyID': currency,
            'cbc:TaxAmount': amount(document.taxMinor),
            'cbc:TaxAmount@currencyID': currency,
            'cac:TaxCategory': {
              'cbc:ID': tax.category,
              ...percent,
              ...(exemptionReasonCodes[tax.category]
                ? { 'cbc:TaxExemptionReasonCode': exemptionReasonCodes[tax.category] }
                : {}),
              ...(tax.exemptionReason ? { 'cbc:TaxExemptionReason': tax.exemptionReason } : {}),
              ...vat,
            },
          },
        ],
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(linesNetMinor),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cbc:TaxExclusiveAmount': amount(document.taxableMinor),
      'cbc:TaxExclusiveAmount@currencyID': currency,
      'cbc:TaxInclusiveAmount': amount(document.totalMinor),
      'cbc:TaxInclusiveAmount@currencyID': currency,
      'cbc:PrepaidAmount': amount(document.paidMinor),
      'cbc:PrepaidAmount@currencyID': currency,
      'cbc:PayableAmount': amount(payableMinor),
      'cbc:PayableAmount@currencyID': currency,
    },
    'cac:InvoiceLine': document.lines.map((line) => {
      const sent = lineAsSent(line);
      return {
        'cbc:ID': line.id,
        'cbc:InvoicedQuantity': sent.quantity,
        'cbc:InvoicedQuantity@unitCode': sent.unitCode,
        'cbc:LineExtensionAmount': amount(line.netMinor),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cac:Item': {
          'cbc:Name': line.description,
          'cac:ClassifiedTaxCategory': { 'cbc:ID': tax.category, ...percent, ...vat },
        },
        'cac:Price': { 'cbc:PriceAmount': amount(sent.unitPriceMinor), 'cbc:PriceAmount@currencyID': currency },
      };
    }),
  };
  return { 'ubl:Invoice': invoice };
}

function postalAddress(party: EInvoiceParty): UblJson {
  const [street, additionalStreet, ...rest] = party.addressLines.map((line) => line.trim()).filter(Boolean);
  const present = (key: string, value: string | undefined) => (value ? { [key]: value } : {});
  return {
    ...present('cbc:StreetName', street),
    ...present('cbc:AdditionalStreetName', additionalStreet),
    ...present('cbc:CityName', party.city),
    ...present('cbc:PostalZone', party.postalCode),
    ...present('cbc:CountrySubentity', party.region),
    ...(rest.length > 0 ? { 'cac:AddressLine': { 'cbc:Line': rest.join(', ') } } : {}),
    'cac:Country': { 'cbc:IdentificationCode': party.country },
  };
}

// BR-CO-09: a VAT number starts with its country's ISO code (Greece's with EL); one written without it gets
// its party's.
function vatIdentifier(party: EInvoiceParty): string {
  const compact = party.vatId.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]{2}/.test(compact)) return compact;
  return `${party.country === 'GR' ? 'EL' : party.country}${compact}`;
}

function sellerParty({ seller, tax }: EInvoiceDocument): UblJson {
  // Outside the scope of VAT the seller names no VAT identifier (BR-O-02): its tax number goes as a tax
  // registration (BT-32), and as its identifier (BT-29), since BR-CO-26 counts only BT-29, BT-30 or BT-31.
  const isOutsideScope = tax.category === 'O';
  const taxId = seller.vatId.trim();
  return {
    'cbc:EndpointID': seller.email,
    'cbc:EndpointID@schemeID': ELECTRONIC_MAIL_SCHEME,
    ...(isOutsideScope ? { 'cac:PartyIdentification': [{ 'cbc:ID': taxId }] } : {}),
    'cac:PostalAddress': postalAddress(seller),
    ...(taxId
      ? {
          'cac:PartyTaxScheme': [
            isOutsideScope
              ? { 'cbc:CompanyID': taxId, 'cac:TaxScheme': { 'cbc:ID': TAX_REGISTRATION_SCHEME } }
              : { 'cbc:CompanyID': vatIdentifier(seller), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
          ],
        }
      : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name },
  };
}

function buyerParty({ buyer, tax }: EInvoiceDocument): UblJson {
  const hasVatIdentifier = buyer.vatId.trim() !== '' && tax.category !== 'O';
  return {
    'cbc:EndpointID': buyer.email,
    'cbc:EndpointID@schemeID': ELECTRONIC_MAIL_SCHEME,
    'cac:PostalAddress': postalAddress(buyer),
    ...(hasVatIdentifier
      ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': vatIdentifier(buyer), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
      : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
  };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

// A decimal times a whole number of minor units, rounded half up (away from zero) to the minor unit once, in
// integers: quantity × price, or rate × taxable amount.
function roundedProduct(decimal: string, minor: number): bigint {
  const isNegative = decimal.startsWith('-') !== minor < 0;
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  const scale = 10n ** BigInt(fraction.length);
  const exact = BigInt(whole + fraction) * BigInt(Math.abs(minor));
  const rounded = (2n * exact + scale) / (2n * scale);
  return isNegative ? -rounded : rounded;
}

// The line rule of e-invoice-document.ts: as given when quantity × price rounds to the net, else one unit
// at the net.
function lineAsSent(line: EInvoiceLine): { quantity: string; unitCode: string; unitPriceMinor: number } {
  if (roundedProduct(line.quantity, line.unitPriceMinor) === BigInt(line.netMinor)) {
    return { quantity: line.quantity, unitCode: line.unitCode, unitPriceMinor: line.unitPriceMinor };
  }
  // BR-27: a price is never negative, so a negative line is minus one unit.
  return { quantity: line.netMinor < 0 ? '-1' : '1', unitCode: 'C62', unitPriceMinor: Math.abs(line.netMinor) };
}

const refuse = (sentence: string): never => {
  throw new AppError('conflict', sentence);
};

function checkParty(party: EInvoiceParty, role: EInvoicePartyRole) {
  if (!party.name.trim()) throw new RangeError(`The ${role} has no name.`);
  if (!party.country.trim()) refuse(eInvoiceTexts.countryMissing(role));
  if (!party.email.trim()) refuse(eInvoiceTexts.emailMissing(role));
}

function checkBusinessRules(document: EInvoiceDocument) {
  const { tax, seller, buyer, lines } = document;
  checkParty(seller, 'seller');
  checkParty(buyer, 'buyer');
  const wholeNumbers: Array<[string, number]> = [
    ['The taxable amount', document.taxableMinor],
    ['The tax', document.taxMinor],
    ['The total', document.totalMinor],
    ['What was paid', document.paidMinor],
    ['The VAT rate', tax.rateBasisPoints],
    ...lines.flatMap(
      (line): Array<[string, number]> => [
        [`Line ${line.id}'s price`, line.unitPriceMinor],
        [`Line ${line.id}'s net amount`, line.netMinor],
      ],
    ),
  ];
  for (const [name, value] of wholeNumbers) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of minor units.`);
  }
  if (!document.buyerReference.trim()) throw new RangeError('An e-invoice needs a buyer reference (BT-10).');
  // BR-16.
  if (lines.length === 0) throw new RangeError('An e-invoice has at least one line.');
  if (new Set(lines.map((line) => line.id)).size !== lines.length) {
    throw new RangeError('Each line of an e-invoice has an id of its own.');
  }
  for (const line of lines) {
    if (!DECIMAL.test(line.quantity)) throw new RangeError(`Line ${line.id}: its quantity is not a decimal.`);
    // BR-27.
    if (line.unitPriceMinor < 0) throw new RangeError(`Line ${line.id}: a price cannot be negative.`);
    if (document.kind === 'credit_note' && line.netMinor < 0) {
      throw new RangeError(`Line ${line.id}: a credit note counts what it credits as positive amounts.`);
    }
  }
  // BR-CO-10 and BR-CO-13 (there are no document allowances or charges), BR-CO-15, BR-CO-16.
  const linesNetMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  if (linesNetMinor !== document.taxableMinor) {
    throw new RangeError(`The lines add up to ${linesNetMinor}, not the taxable amount ${document.taxableMinor}.`);
  }
  if (document.taxableMinor + document.taxMinor !== document.totalMinor) {
    throw new RangeError('The total is not the taxable amount plus the tax.');
  }
  if (document.paidMinor < 0 || document.paidMinor > document.totalMinor) {
    throw new RangeError('What was paid is between nothing and the total.');
  }
  if (document.kind === 'credit_note' && document.totalMinor < 0) {
    throw new RangeError('A credit note counts what it credits as positive amounts.');
  }
  // BR-29.
  if (document.periodStart && document.periodEnd && document.periodEnd < document.periodStart) {
    throw new RangeError('The period ends before it starts.');
  }
  // BR-CO-25: an invoice with money still due says when or on what terms.
  const payableMinor = document.totalMinor - document.paidMinor;
  if (payableMinor > 0 && !document.dueDate && !document.paymentTerms) {
    throw new RangeError('An e-invoice with money due has a due date or payment terms.');
  }
  checkVatCategory(document);
}

// The rules of each VAT category (BR-S, BR-Z, BR-E, BR-AE and BR-O, 01 to 10).
function checkVatCategory({ tax, seller, buyer, taxableMinor, taxMinor, currency }: EInvoiceDocument) {
  const hasSellerVatId = seller.vatId.trim() !== '';
  const hasBuyerVatId = buyer.vatId.trim() !== '';
  if (tax.category === 'S') {
    if (tax.rateBasisPoints <= 0) throw new RangeError('A standard-rated document has a rate above zero.');
    // BR-S-09 as EN 16931's schematron checks it: within one unit of the currency of taxable × rate.
    const expected = roundedProduct(minorToDecimal(tax.rateBasisPoints, 4), taxableMinor);
    const unit = 10n ** BigInt(currencyMinorUnits[currency]);
    const difference = BigInt(taxMinor) - expected;
    if (difference >= unit || difference <= -unit) {
      throw new RangeError(`The tax is not the taxable amount at ${minorToDecimal(tax.rateBasisPoints, 2)}%.`);
    }
  } else {
    if (taxMinor !== 0) throw new RangeError(`A document of VAT category ${tax.category} charges no tax.`);
    if (tax.rateBasisPoints !== 0) throw new RangeError(`A document of VAT category ${tax.category} has rate 0.`);
  }
  if ((tax.category === 'S' || tax.category === 'Z') && tax.exemptionReason) {
    throw new RangeError(`A document of VAT category ${tax.category} gives no exemption reason.`);
  }
  if (tax.category === 'E' && !tax.exemptionReason) {
    throw new RangeError('An exempt document says why it is exempt.');
  }
  if ((tax.category === 'S' || tax.category === 'Z' || tax.category === 'E') && !hasSellerVatId) {
    refuse(eInvoiceTexts.sellerVatIdMissing);
  }
  if (tax.category === 'AE' && !(hasSellerVatId && hasBuyerVatId)) refuse(eInvoiceTexts.reverseChargeVatIdsMissing);
  if (tax.category === 'O' && !hasSellerVatId) refuse(eInvoiceTexts.sellerTaxIdMissing);
}

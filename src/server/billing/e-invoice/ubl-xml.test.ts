import { type Invoice, InvoiceService } from '@e-invoice-eu/core';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { eInvoiceTexts } from '~/shared/e-invoice-texts';
import { workAmountCents } from '../../kernels/money/work-amount';
import { xmllint } from '../../testing/xmllint';
import type { EInvoiceDocument, EInvoiceLine, EInvoiceParty } from './e-invoice-document';
import {
  eInvoiceData,
  eInvoiceSchemaErrors,
  eInvoiceXml,
  PEPPOL_BILLING_CUSTOMIZATION_ID,
  PEPPOL_BILLING_PROFILE_ID,
} from './ubl-xml';

// The e-invoice of an issued document, judged by programs nobody here wrote: @e-invoice-eu/core's own
// validation, xmllint (libxml2) parsing the XML, fast-xml-parser reading it back; then the figures and
// elements EN 16931's business rules (BR-S, BR-AE, BR-O, BR-CO) ask for, read from the XML.

const seller: EInvoiceParty = {
  name: 'Tandem Talent Ltd',
  addressLines: ['1 Grand Canal Square', 'Docklands'],
  city: 'Dublin',
  postalCode: 'D02 P820',
  region: 'Dublin',
  country: 'IE',
  vatId: 'IE6388047V',
  email: 'billing@tandem.example',
};
const irishBuyer: EInvoiceParty = {
  name: 'Acme Analytics & Sons <Cork>',
  addressLines: ['12 Patrick Street'],
  city: 'Cork',
  postalCode: 'T12 X70A',
  region: '',
  country: 'IE',
  vatId: 'IE3668997OH',
  email: 'ap@acme.example',
};
const germanBuyer: EInvoiceParty = {
  name: 'Beispiel GmbH',
  addressLines: ['Friedrichstraße 10', 'Hinterhaus', '3. OG'],
  city: 'Berlin',
  postalCode: '10117',
  region: '',
  country: 'DE',
  vatId: 'DE123456789',
  email: 'rechnung@beispiel.example',
};
const ukBuyer: EInvoiceParty = {
  name: 'Widget Works Ltd',
  addressLines: ['5 King Street'],
  city: 'London',
  postalCode: 'EC2V 8AU',
  region: '',
  country: 'GB',
  vatId: 'GB123456789',
  email: 'accounts@widget.example',
};
const usBuyer: EInvoiceParty = {
  name: 'Lone Star Labs Inc.',
  addressLines: ['500 Congress Ave'],
  city: 'Austin',
  postalCode: '78701',
  region: 'TX',
  country: 'US',
  vatId: '',
  email: 'ap@lonestar.example',
};

// A week of work as Tandem bills it: hours that are an exact decimal, minutes that are not (1,339 minutes at
// 37.33 an hour, decision 047), and the platform fee.
const weekLines: EInvoiceLine[] = [
  {
    id: '1',
    description: 'Data analyst, 37 h 30 min × 40.00/h (2026-11-16 to 2026-11-20)',
    quantity: '37.5',
    unitCode: 'HUR',
    unitPriceMinor: 4000,
    netMinor: 150_000,
  },
  {
    id: '2',
    description: 'Data engineer, 22 h 19 min × 37.33/h (2026-11-16 to 2026-11-20)',
    quantity: '22.32',
    unitCode: 'HUR',
    unitPriceMinor: 3733,
    netMinor: workAmountCents(1339, 3733),
  },
  { id: '3', description: 'Platform fee', quantity: '1', unitCode: 'C62', unitPriceMinor: 25_666, netMinor: 25_666 },
];
const weekNetMinor = 150_000 + 83_308 + 25_666;

const taxOf = (taxableMinor: number, basisPoints: number) => Math.floor((taxableMinor * basisPoints + 5000) / 10_000);

type Treatment = 'S' | 'AE' | 'O';
const exemptionReasons: Record<Treatment, string> = {
  S: '',
  AE: 'Reverse charge',
  O: 'Not subject to Irish VAT: services to a business established outside the EU',
};

function documentOf(
  kind: EInvoiceDocument['kind'],
  treatment: Treatment,
  buyer: EInvoiceParty,
  overrides: Partial<EInvoiceDocument> = {},
): EInvoiceDocument {
  const rateBasisPoints = treatment === 'S' ? 2300 : 0;
  const taxMinor = taxOf(weekNetMinor, rateBasisPoints);
  const totalMinor = weekNetMinor + taxMinor;
  const isCreditNote = kind === 'credit_note';
  return {
    kind,
    number: isCreditNote ? 'CN-2026-000007' : 'INV-2026-000123',
    issueDate: isCreditNote ? '2026-11-27' : '2026-11-23',
    dueDate: isCreditNote ? null : '2026-12-07',
    currency: 'EUR',
    periodStart: '2026-11-16',
    periodEnd: '2026-11-20',
    buyerReference: 'company-8f2c61d0',
    precedingInvoice: isCreditNote ? { number: 'INV-2026-000123', issueDate: '2026-11-23' } : null,
    seller,
    buyer,
    lines: weekLines,
    tax: { category: treatment, rateBasisPoints, exemptionReason: exemptionReasons[treatment] },
    taxableMinor: weekNetMinor,
    taxMinor,
    totalMinor,
    // A credit note documents money that went back: nothing is left to pay.
    paidMinor: isCreditNote ? totalMinor : 0,
    paymentTerms: isCreditNote ? '' : 'Payment within 14 days of the invoice date',
    note: isCreditNote ? 'Payment refunded' : '',
    ...overrides,
  };
}

const cases: Array<{ name: string; document: EInvoiceDocument }> = (['invoice', 'credit_note'] as const).flatMap(
  (kind) => [
    { name: `${kind}, standard rate (Irish buyer)`, document: documentOf(kind, 'S', irishBuyer) },
    { name: `${kind}, reverse charge (German buyer)`, document: documentOf(kind, 'AE', germanBuyer) },
    {
      name: `${kind}, outside the scope (UK buyer, GBP)`,
      document: documentOf(kind, 'O', ukBuyer, { currency: 'GBP' }),
    },
    {
      name: `${kind}, outside the scope (US buyer, USD)`,
      document: documentOf(kind, 'O', usBuyer, { currency: 'USD' }),
    },
  ],
);

const repeated = new Set([
  'cac:InvoiceLine',
  'cac:CreditNoteLine',
  'cac:TaxTotal',
  'cac:TaxSubtotal',
  'cac:PartyTaxScheme',
  'cac:PartyIdentification',
  'cac:BillingReference',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => repeated.has(name),
});

type Node = Record<string, unknown>;
const nodeAt = (node: unknown, ...path: string[]): Node | undefined =>
  path.reduce<unknown>((at, key) => (at as Node | undefined)?.[key], node) as Node | undefined;
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : ((value as Node | undefined)?.['#text'] as string | undefined);
const textAt = (node: unknown, ...path: string[]) => textOf(nodeAt(node, ...path));
const listAt = (node: unknown, ...path: string[]) => (nodeAt(node, ...path) as unknown as Node[] | undefined) ?? [];

// 1234.50 → 123450: amounts are read back as written, exactly two decimals.
function minorOf(text: string | undefined): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text ?? '');
  if (!match) throw new Error(`${text} is not an amount with two decimals.`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

function partyOf(party: Node | undefined) {
  const schemes = listAt(party, 'cac:PartyTaxScheme');
  const idsOfScheme = (isVat: boolean) =>
    schemes
      .filter((scheme) => (textAt(scheme, 'cac:TaxScheme', 'cbc:ID') === 'VAT') === isVat)
      .map((scheme) => textAt(scheme, 'cbc:CompanyID'));
  return {
    name: textAt(party, 'cac:PartyLegalEntity', 'cbc:RegistrationName'),
    country: textAt(party, 'cac:PostalAddress', 'cac:Country', 'cbc:IdentificationCode'),
    endpoint: { id: textAt(party, 'cbc:EndpointID'), scheme: nodeAt(party, 'cbc:EndpointID')?.['@_schemeID'] },
    vatIds: idsOfScheme(true),
    taxRegistrations: idsOfScheme(false),
    identifiers: listAt(party, 'cac:PartyIdentification').map((identification) => textAt(identification, 'cbc:ID')),
  };
}

// The business terms of the XML, as a receiver's program reads them.
function readBack(xml: string) {
  const parsed = parser.parse(xml) as Node;
  const root = parsed.CreditNote ? 'CreditNote' : 'Invoice';
  const doc = nodeAt(parsed, root);
  const lineName = root === 'CreditNote' ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const quantityName = root === 'CreditNote' ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  const [taxTotal, ...moreTaxTotals] = listAt(doc, 'cac:TaxTotal');
  const subtotals = listAt(taxTotal, 'cac:TaxSubtotal').map((subtotal) => ({
    taxableMinor: minorOf(textAt(subtotal, 'cbc:TaxableAmount')),
    taxMinor: minorOf(textAt(subtotal, 'cbc:TaxAmount')),
    category: textAt(subtotal, 'cac:TaxCategory', 'cbc:ID'),
    percent: textAt(subtotal, 'cac:TaxCategory', 'cbc:Percent'),
    exemptionReasonCode: textAt(subtotal, 'cac:TaxCategory', 'cbc:TaxExemptionReasonCode'),
    exemptionReason: textAt(subtotal, 'cac:TaxCategory', 'cbc:TaxExemptionReason'),
  }));
  const totals = nodeAt(doc, 'cac:LegalMonetaryTotal');
  const references = listAt(doc, 'cac:BillingReference').map((reference) => ({
    number: textAt(reference, 'cac:InvoiceDocumentReference', 'cbc:ID'),
    issueDate: textAt(reference, 'cac:InvoiceDocumentReference', 'cbc:IssueDate'),
  }));
  return {
    root,
    customizationId: textAt(doc, 'cbc:CustomizationID'),
    profileId: textAt(doc, 'cbc:ProfileID'),
    number: textAt(doc, 'cbc:ID'),
    typeCode: textAt(doc, root === 'CreditNote' ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode'),
    dueDate: textAt(doc, 'cbc:DueDate'),
    currency: textAt(doc, 'cbc:DocumentCurrencyCode'),
    buyerReference: textAt(doc, 'cbc:BuyerReference'),
    period: {
      start: textAt(doc, 'cac:InvoicePeriod', 'cbc:StartDate'),
      end: textAt(doc, 'cac:InvoicePeriod', 'cbc:EndDate'),
    },
    precedingInvoices: references,
    paymentTerms: textAt(doc, 'cac:PaymentTerms', 'cbc:Note'),
    seller: partyOf(nodeAt(doc, 'cac:AccountingSupplierParty', 'cac:Party')),
    buyer: partyOf(nodeAt(doc, 'cac:AccountingCustomerParty', 'cac:Party')),
    taxTotalCount: 1 + moreTaxTotals.length,
    taxMinor: minorOf(textAt(taxTotal, 'cbc:TaxAmount')),
    subtotals,
    lineExtensionMinor: minorOf(textAt(totals, 'cbc:LineExtensionAmount')),
    taxExclusiveMinor: minorOf(textAt(totals, 'cbc:TaxExclusiveAmount')),
    taxInclusiveMinor: minorOf(textAt(totals, 'cbc:TaxInclusiveAmount')),
    prepaidMinor: minorOf(textAt(totals, 'cbc:PrepaidAmount')),
    payableMinor: minorOf(textAt(totals, 'cbc:PayableAmount')),
    lines: listAt(doc, lineName).map((line) => ({
      id: textAt(line, 'cbc:ID'),
      quantity: textAt(line, quantityName),
      unitCode: nodeAt(line, quantityName)?.['@_unitCode'],
      netMinor: minorOf(textAt(line, 'cbc:LineExtensionAmount')),
      priceMinor: minorOf(textAt(line, 'cac:Price', 'cbc:PriceAmount')),
      name: textAt(line, 'cac:Item', 'cbc:Name'),
      category: textAt(line, 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:ID'),
      percent: textAt(line, 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:Percent'),
    })),
    // Every amount as written, with its currency attribute (UBL requires one on each).
    amounts: [...xml.matchAll(/<cbc:(\w+Amount)( currencyID="([A-Z]{3})")?>([^<]*)</g)].map((match) => ({
      element: match[1],
      currency: match[3],
      text: match[4],
    })),
  };
}

// What @e-invoice-eu/core's own InvoiceService makes of the same data: its schema check (an error is logged
// and thrown) and its UBL, which must be ours byte for byte.
async function generatedByTheLibrary(document: EInvoiceDocument) {
  const logged: string[] = [];
  const logger = { log() {}, warn: (message: string) => logged.push(message), error: (m: string) => logged.push(m) };
  const xml = await new InvoiceService(logger).generate(eInvoiceData(document) as unknown as Invoice, {
    format: 'UBL',
    lang: 'en',
  });
  return { xml, logged };
}

describe('an e-invoice of each VAT treatment', () => {
  it.each(cases)('$name: valid for @e-invoice-eu/core, well-formed for xmllint', async ({ document }) => {
    expect(await eInvoiceSchemaErrors(eInvoiceData(document))).toEqual([]);
    const xml = await eInvoiceXml(document);
    expect(await generatedByTheLibrary(document)).toEqual({ xml, logged: [] });
    expect(xmllint(xml)).toEqual({ status: 0, stderr: '' });

    const read = readBack(xml);
    const isCreditNote = document.kind === 'credit_note';
    expect(read).toMatchObject({
      root: isCreditNote ? 'CreditNote' : 'Invoice',
      typeCode: isCreditNote ? '381' : '380',
      customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      number: document.number,
      currency: document.currency,
      buyerReference: 'company-8f2c61d0',
      period: { start: '2026-11-16', end: '2026-11-20' },
      seller: { name: 'Tandem Talent Ltd', country: 'IE', endpoint: { id: seller.email, scheme: 'EM' } },
      buyer: {
        name: document.buyer.name,
        country: document.buyer.country,
        endpoint: { id: document.buyer.email, scheme: 'EM' },
      },
      taxTotalCount: 1,
    });
    expect(PEPPOL_BILLING_CUSTOMIZATION_ID).toBe(read.customizationId);
    expect(PEPPOL_BILLING_PROFILE_ID).toBe(read.profileId);
    // BR-CO-10, BR-CO-13, BR-CO-15, BR-CO-16 with the document's own figures, all positive on a credit note too.
    expect(read.lines.reduce((sum, line) => sum + line.netMinor, 0)).toBe(read.lineExtensionMinor);
    expect(read).toMatchObject({
      lineExtensionMinor: weekNetMinor,
      taxExclusiveMinor: weekNetMinor,
      taxMinor: document.taxMinor,
      taxInclusiveMinor: document.totalMinor,
      prepaidMinor: document.paidMinor,
      payableMinor: document.totalMinor - document.paidMinor,
    });
    expect(read.amounts.length).toBeGreaterThan(10);
    for (const amount of read.amounts) {
      expect(amount.text).toMatch(/^\d+\.\d{2}$/);
      expect(amount.currency).toBe(document.currency);
    }
    // One VAT breakdown (BR-S-01, BR-AE-01, BR-O-01 and -11), its category on every line.
    expect(read.subtotals).toHaveLength(1);
    expect(read.subtotals[0]).toMatchObject({
      taxableMinor: weekNetMinor,
      taxMinor: document.taxMinor,
      category: document.tax.category,
    });
    expect(read.lines.map((line) => line.category)).toEqual(document.lines.map(() => document.tax.category));
    if (isCreditNote) {
      expect(read.precedingInvoices).toEqual([{ number: 'INV-2026-000123', issueDate: '2026-11-23' }]);
    } else {
      expect(read.precedingInvoices).toEqual([]);
      expect(read.dueDate).toBe('2026-12-07');
      expect(read.paymentTerms).toBe('Payment within 14 days of the invoice date');
    }
  });

  it('standard rate: 23% on the lines and the breakdown, the seller’s and buyer’s VAT numbers, no exemption', async () => {
    for (const kind of ['invoice', 'credit_note'] as const) {
      const read = readBack(await eInvoiceXml(documentOf(kind, 'S', irishBuyer)));
      expect(read.subtotals).toEqual([
        {
          taxableMinor: 258_974,
          // 23% of 2,589.74 is 595.6402.
          taxMinor: 59_564,
          category: 'S',
          percent: '23.00',
          exemptionReasonCode: undefined,
          exemptionReason: undefined,
        },
      ]);
      expect(read.lines.map((line) => line.percent)).toEqual(['23.00', '23.00', '23.00']);
      expect(read.taxInclusiveMinor).toBe(258_974 + 59_564);
      // BR-S-02: the seller's VAT identifier (BT-31).
      expect(read.seller).toMatchObject({ vatIds: ['IE6388047V'], taxRegistrations: [], identifiers: [] });
      expect(read.buyer.vatIds).toEqual(['IE3668997OH']);
      // Names are text, whatever they hold.
      expect(read.buyer.name).toBe('Acme Analytics & Sons <Cork>');
    }
  });

  it('reverse charge: rate 0, VATEX-EU-AE with its reason, and both VAT numbers', async () => {
    for (const kind of ['invoice', 'credit_note'] as const) {
      const read = readBack(await eInvoiceXml(documentOf(kind, 'AE', germanBuyer)));
      expect(read.subtotals).toEqual([
        {
          taxableMinor: weekNetMinor,
          taxMinor: 0,
          category: 'AE',
          percent: '0.00',
          exemptionReasonCode: 'VATEX-EU-AE',
          exemptionReason: 'Reverse charge',
        },
      ]);
      expect(read.lines.map((line) => line.percent)).toEqual(['0.00', '0.00', '0.00']);
      expect(read.taxInclusiveMinor).toBe(weekNetMinor);
      // BR-AE-02: the seller's VAT identifier and the buyer's.
      expect(read.seller.vatIds).toEqual(['IE6388047V']);
      expect(read.buyer.vatIds).toEqual(['DE123456789']);
    }
  });

  it('outside the scope: no rate, VATEX-EU-O with its reason, and no VAT identifier of either party', async () => {
    for (const kind of ['invoice', 'credit_note'] as const) {
      for (const [buyer, currency] of [
        [ukBuyer, 'GBP'],
        [usBuyer, 'USD'],
      ] as const) {
        const xml = await eInvoiceXml(documentOf(kind, 'O', buyer, { currency }));
        const read = readBack(xml);
        expect(read.subtotals).toEqual([
          {
            taxableMinor: weekNetMinor,
            taxMinor: 0,
            category: 'O',
            // BR-O-05 and BR-48: no rate at all.
            percent: undefined,
            exemptionReasonCode: 'VATEX-EU-O',
            exemptionReason: exemptionReasons.O,
          },
        ]);
        expect(read.lines.map((line) => line.percent)).toEqual([undefined, undefined, undefined]);
        // BR-O-02: neither party's VAT identifier (BT-31, BT-48); the UK buyer's number is nowhere.
        expect(read.seller.vatIds).toEqual([]);
        expect(read.buyer.vatIds).toEqual([]);
        expect(xml).not.toContain('GB123456789');
        // The seller's tax number as its tax registration (BT-32) and its identifier (BT-29, for BR-CO-26).
        expect(read.seller.taxRegistrations).toEqual(['IE6388047V']);
        expect(read.seller.identifiers).toEqual(['IE6388047V']);
      }
    }
  });

  it('a credit note names its invoice, counts in positive amounts and says its due date in its terms', async () => {
    const document = documentOf('credit_note', 'S', irishBuyer, { dueDate: '2026-12-04', paidMinor: 0 });
    const read = readBack(await eInvoiceXml(document));
    expect(read).toMatchObject({
      root: 'CreditNote',
      typeCode: '381',
      precedingInvoices: [{ number: 'INV-2026-000123', issueDate: '2026-11-23' }],
      // UBL's CreditNote has no cbc:DueDate; the library drops it, so the date goes into the terms (BR-CO-25).
      dueDate: undefined,
      paymentTerms: eInvoiceTexts.dueOn('2026-12-04'),
      payableMinor: document.totalMinor,
    });
    for (const line of read.lines) expect(line.netMinor).toBeGreaterThan(0);
  });
});

describe('lines', () => {
  it('go as given when quantity × price comes to the net, and as one unit at the net when not', async () => {
    const read = readBack(await eInvoiceXml(documentOf('invoice', 'S', irishBuyer)));
    expect(read.lines).toMatchObject([
      { id: '1', quantity: '37.5', unitCode: 'HUR', priceMinor: 4000, netMinor: 150_000 },
      // 22.32 h × 37.33 = 833.21 is not the 833.08 billed for 1,339 minutes: one unit at 833.08.
      {
        id: '2',
        quantity: '1',
        unitCode: 'C62',
        priceMinor: 83_308,
        netMinor: 83_308,
        name: 'Data engineer, 22 h 19 min × 37.33/h (2026-11-16 to 2026-11-20)',
      },
      { id: '3', quantity: '1', unitCode: 'C62', priceMinor: 25_666, netMinor: 25_666 },
    ]);
  });

  it('keep hours with more decimals when they round to the net', async () => {
    const [analyst, , fee] = weekLines as [EInvoiceLine, EInvoiceLine, EInvoiceLine];
    const engineer = { ...(weekLines[1] as EInvoiceLine), quantity: '22.316667' };
    const read = readBack(
      await eInvoiceXml(documentOf('invoice', 'S', irishBuyer, { lines: [analyst, engineer, fee] })),
    );
    expect(read.lines[1]).toMatchObject({ quantity: '22.316667', unitCode: 'HUR', priceMinor: 3733, netMinor: 83_308 });
  });

  it('write a VAT number given without its country prefix with it (BR-CO-09), Greece’s as EL', async () => {
    const greekBuyer = { ...germanBuyer, country: 'GR', vatId: '094259216', name: 'Paradeigma AE' };
    const read = readBack(
      await eInvoiceXml(documentOf('invoice', 'AE', greekBuyer, { seller: { ...seller, vatId: '6388047V' } })),
    );
    expect(read.seller.vatIds).toEqual(['IE6388047V']);
    expect(read.buyer.vatIds).toEqual(['EL094259216']);
  });
});

describe('documents that cannot be e-invoices', () => {
  it('are refused with a sentence when the parties lack what the VAT treatment needs', async () => {
    const refusals: Array<[EInvoiceDocument, string]> = [
      [documentOf('invoice', 'AE', { ...germanBuyer, vatId: '' }), eInvoiceTexts.reverseChargeVatIdsMissing],
      [
        documentOf('invoice', 'AE', germanBuyer, { seller: { ...seller, vatId: '' } }),
        eInvoiceTexts.reverseChargeVatIdsMissing,
      ],
      [
        documentOf('credit_note', 'S', irishBuyer, { seller: { ...seller, vatId: ' ' } }),
        eInvoiceTexts.sellerVatIdMissing,
      ],
      [documentOf('invoice', 'O', usBuyer, { seller: { ...seller, vatId: '' } }), eInvoiceTexts.sellerTaxIdMissing],
      [documentOf('invoice', 'O', { ...usBuyer, email: '' }), eInvoiceTexts.emailMissing('buyer')],
      [documentOf('invoice', 'S', { ...irishBuyer, country: '' }), eInvoiceTexts.countryMissing('buyer')],
    ];
    for (const [document, sentence] of refusals) {
      await expect(eInvoiceXml(document)).rejects.toMatchObject({
        code: 'conflict',
        statusCode: 409,
        message: sentence,
      });
    }
  });

  it('are refused when their figures break the sums or the VAT category', async () => {
    const broken: EInvoiceDocument[] = [
      // BR-CO-10/13: the lines do not add up to the taxable amount.
      documentOf('invoice', 'S', irishBuyer, { taxableMinor: weekNetMinor + 1 }),
      // BR-CO-15: total ≠ taxable + tax.
      documentOf('invoice', 'S', irishBuyer, { totalMinor: weekNetMinor }),
      // BR-S-09: 10% is not 23%.
      documentOf('invoice', 'S', irishBuyer, {
        taxMinor: taxOf(weekNetMinor, 1000),
        totalMinor: weekNetMinor + taxOf(weekNetMinor, 1000),
      }),
      // BR-AE-09: reverse charge with tax.
      documentOf('invoice', 'AE', germanBuyer, { taxMinor: 100, totalMinor: weekNetMinor + 100 }),
      // Paid more than the total.
      documentOf('invoice', 'O', usBuyer, { paidMinor: weekNetMinor + 1 }),
      documentOf('invoice', 'S', irishBuyer, { buyerReference: '' }),
      documentOf('invoice', 'S', irishBuyer, { lines: [], taxableMinor: 0, taxMinor: 0, totalMinor: 0 }),
    ];
    for (const document of broken) await expect(eInvoiceXml(document)).rejects.toBeInstanceOf(RangeError);
  });

  it('are refused when the library’s schema does not accept a value', async () => {
    const document = documentOf('invoice', 'S', { ...irishBuyer, country: 'XX' });
    expect(await eInvoiceSchemaErrors(eInvoiceData(document))).not.toEqual([]);
    await expect(eInvoiceXml(document)).rejects.toThrow(/does not fit its schema/);
  });
});

// A line as Tandem bills one: exact hours (quarter hours) at a rate, minutes at an hourly rate (the one
// rounding rule, with hours written to two decimals, so mostly not exact), or one unit (a fee).
const lineArbitrary = fc.oneof(
  fc
    .record({ quarters: fc.integer({ min: 1, max: 400 }), rate: fc.integer({ min: 0, max: 50_000 }) })
    .map(({ quarters, rate }) => ({
      quantity: String(quarters / 4),
      unitCode: 'HUR',
      unitPriceMinor: rate,
      netMinor: Math.floor((quarters * rate + 2) / 4),
    })),
  fc
    .record({ minutes: fc.integer({ min: 1, max: 3000 }), rate: fc.integer({ min: 100, max: 50_000 }) })
    .map(({ minutes, rate }) => ({
      quantity: (minutes / 60).toFixed(2),
      unitCode: 'HUR',
      unitPriceMinor: rate,
      netMinor: workAmountCents(minutes, rate),
    })),
  fc.integer({ min: 0, max: 1_000_000 }).map((amount) => ({
    quantity: '1',
    unitCode: 'C62',
    unitPriceMinor: amount,
    netMinor: amount,
  })),
);

// quantity × price in minor units, exactly, as a fraction over a power of ten.
function exactProduct(quantity: string, priceMinor: number): { numerator: bigint; scale: bigint } {
  const [whole = '0', fraction = ''] = quantity.split('.');
  return { numerator: BigInt(whole + fraction) * BigInt(priceMinor), scale: 10n ** BigInt(fraction.length) };
}

describe('the totals of any document', () => {
  it('add up as BR-CO-10, 13, 15 and 16 say, with two decimals, and every line comes to its net', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          kind: fc.constantFrom('invoice' as const, 'credit_note' as const),
          treatment: fc.constantFrom<Treatment>('S', 'AE', 'O'),
          rateBasisPoints: fc.constantFrom(2300, 2100, 2000, 1900, 1350, 900),
          lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 8 }),
          paidShare: fc.integer({ min: 0, max: 10_000 }),
          currency: fc.constantFrom('EUR' as const, 'USD' as const, 'GBP' as const, 'CAD' as const, 'AUD' as const),
        }),
        async ({ kind, treatment, rateBasisPoints, lines, paidShare, currency }) => {
          const rate = treatment === 'S' ? rateBasisPoints : 0;
          const buyer = { S: irishBuyer, AE: germanBuyer, O: usBuyer }[treatment];
          const taxableMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
          const taxMinor = taxOf(taxableMinor, rate);
          const totalMinor = taxableMinor + taxMinor;
          const document = documentOf(kind, treatment, buyer, {
            currency,
            lines: lines.map((line, index) => ({ ...line, id: String(index + 1), description: `Line ${index + 1}` })),
            tax: { category: treatment, rateBasisPoints: rate, exemptionReason: exemptionReasons[treatment] },
            taxableMinor,
            taxMinor,
            totalMinor,
            paidMinor: Math.floor((totalMinor * paidShare) / 10_000),
            // BR-CO-25: what is still due has its terms.
            paymentTerms: 'Payment within 14 days',
          });
          const read = readBack(await eInvoiceXml(document));

          expect(read.lines.reduce((sum, line) => sum + line.netMinor, 0)).toBe(read.lineExtensionMinor);
          expect(read.taxExclusiveMinor).toBe(read.lineExtensionMinor);
          expect(read.taxInclusiveMinor).toBe(read.taxExclusiveMinor + read.taxMinor);
          expect(read.payableMinor).toBe(read.taxInclusiveMinor - read.prepaidMinor);
          expect(read).toMatchObject({
            taxExclusiveMinor: taxableMinor,
            taxMinor,
            taxInclusiveMinor: totalMinor,
            prepaidMinor: document.paidMinor,
          });
          expect(read.subtotals).toMatchObject([{ taxableMinor, taxMinor, category: treatment }]);
          for (const amount of read.amounts) expect(amount.text).toMatch(/^\d+\.\d{2}$/);
          // Every line as sent: quantity × price within half a minor unit of its net (PEPPOL-EN16931-R120
          // allows two), and its net as billed.
          expect(read.lines.map((line) => line.netMinor)).toEqual(lines.map((line) => line.netMinor));
          for (const line of read.lines) {
            const { numerator, scale } = exactProduct(line.quantity ?? '', line.priceMinor);
            const twiceDifference = 2n * numerator - 2n * BigInt(line.netMinor) * scale;
            expect(twiceDifference <= scale && twiceDifference >= -scale).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

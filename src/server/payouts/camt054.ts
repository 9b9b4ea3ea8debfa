import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { payoutTexts } from '~/shared/payouts';
import { AppError } from '../platform/errors';
import { payoutIdOfBankReference } from './bank-file-lines';

// One payout's result as a results file states it, whatever the file's format (import-run-results.ts).
export interface RunResult {
  payoutId: string;
  status: string;
  reference: string;
  reason: string;
  // What the bank says it moved, when the file says it (a camt.054 does; the CSV does not): the decimal as
  // written and its currency code, read against the payout's currency when matched (import-run-results.ts).
  amount?: { decimal: string; currency: string };
}

// The ISO external return reason codes a bank most often gives, in words for the talent's email.
const returnReasons: Record<string, string> = {
  AC01: 'the account number is incorrect',
  AC03: 'the account number is not valid',
  AC04: 'the account is closed',
  AC06: 'the account is blocked',
  AG01: 'the bank does not allow this transfer to the account',
  AM05: 'the transfer was a duplicate',
  BE04: 'the account holder’s address is missing',
  BE05: 'the account holder is not recognised',
  MD07: 'the account holder has died',
  MS02: 'the account holder refused it',
  MS03: 'the bank gave no reason',
  RC01: 'the bank identifier is incorrect',
  RR01: 'the account holder’s identification is missing',
};

const amountSchema = z.object({ '#text': z.string(), '@_Ccy': z.string() });
const optionalText = z.string().optional();
const transactionSchema = z.object({
  Refs: z.object({ EndToEndId: optionalText, AcctSvcrRef: optionalText }).optional(),
  Amt: amountSchema.optional(),
  CdtDbtInd: z.enum(['CRDT', 'DBIT']).optional(),
  RtrInf: z
    .object({
      Rsn: z.object({ Cd: optionalText, Prtry: optionalText }).optional(),
      AddtlInf: z.array(z.string()).optional(),
    })
    .optional(),
});
const entrySchema = z.object({
  NtryRef: optionalText,
  Amt: amountSchema,
  CdtDbtInd: z.enum(['CRDT', 'DBIT']),
  RvslInd: z.enum(['true', 'false', '1', '0']).optional(),
  Sts: z.object({ Cd: optionalText, Prtry: optionalText }),
  AcctSvcrRef: optionalText,
  NtryDtls: z.array(z.object({ TxDtls: z.array(transactionSchema).optional() })).optional(),
});
const documentSchema = z.object({
  Document: z.object({
    BkToCstmrDbtCdtNtfctn: z.object({
      GrpHdr: z.object({ MsgId: z.string().min(1) }),
      Ntfctn: z.array(z.object({ Ntry: z.array(z.unknown()).optional() })).min(1),
    }),
  }),
});

const repeated = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'AddtlInf']);

const refuse = (problem: string) => new AppError('validation', payoutTexts.camtFile(problem));

// Whether an uploaded results file is XML rather than the CSV (a byte-order mark and blank lines allowed).
export const isXmlText = (text: string) => /^\uFEFF?\s*</.test(text);

// The bank's camt.054 (BankToCustomerDebitCreditNotification, any version: the elements read here are the
// same from .02 to .10), read as results: a booked debit naming a payout by its EndToEndId paid it, with the
// bank's reference; a booked return (a credit, a reversal, or return information) failed it, with the bank's
// reason. Entries not booked yet, and payments that are not payouts, are left out. The whole file is read
// before anything is answered, and a file that is not one is refused in words.
export function parseCamt054(text: string): RunResult[] {
  if (/<!DOCTYPE/i.test(text)) throw refuse('it declares a DOCTYPE, which a bank’s file never does.');
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    throw refuse(`it is not well-formed XML (line ${wellFormed.err.line}: ${wellFormed.err.msg}).`);
  }
  if (!/urn:iso:std:iso:20022:tech:xsd:camt\.054\.001\.\d\d/.test(text)) {
    throw refuse('it is not an ISO 20022 camt.054 notification (its namespace is not camt.054).');
  }
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    processEntities: true,
    isArray: (name) => repeated.has(name),
  }).parse(text);
  const document = documentSchema.safeParse(parsed);
  if (!document.success) {
    throw refuse('it has no group header with a message id, or no notification (BkToCstmrDbtCdtNtfctn).');
  }
  const notification = document.data.Document.BkToCstmrDbtCdtNtfctn;
  const messageId = notification.GrpHdr.MsgId;
  const results = new Map<string, RunResult>();
  notification.Ntfctn.forEach((ntfctn, notificationIndex) => {
    (ntfctn.Ntry ?? []).forEach((raw, entryIndex) => {
      const entry = entrySchema.safeParse(raw);
      const where = `entry ${entryIndex + 1} of notification ${notificationIndex + 1}`;
      if (!entry.success) {
        throw refuse(`${where} lacks its amount, credit/debit indicator (CRDT or DBIT) or status.`);
      }
      const { data } = entry;
      const transactions = (data.NtryDtls ?? []).flatMap((details) => details.TxDtls ?? []);
      for (const transaction of transactions) {
        const payoutId = payoutIdOfBankReference(transaction.Refs?.EndToEndId ?? '');
        if (!payoutId) continue;
        const status = data.Sts.Cd ?? data.Sts.Prtry ?? '';
        if (status !== 'BOOK') continue;
        const amount = transaction.Amt ?? (transactions.length === 1 ? data.Amt : undefined);
        const indicator = transaction.CdtDbtInd ?? data.CdtDbtInd;
        const returned =
          data.RvslInd === 'true' || data.RvslInd === '1' || transaction.RtrInf !== undefined || indicator === 'CRDT';
        const reference = (transaction.Refs?.AcctSvcrRef ?? data.AcctSvcrRef ?? data.NtryRef ?? messageId).trim();
        const result: RunResult = {
          payoutId,
          status: returned ? 'failed' : 'paid',
          reference: reference.slice(0, 200),
          reason: returned ? returnReasonOf(transaction.RtrInf) : '',
          ...(amount &&
            !returned && { amount: { decimal: decimalIn(amount['#text'], where), currency: amount['@_Ccy'].trim() } }),
        };
        // A payout booked and returned in the same file failed: the money came back.
        if (results.get(payoutId)?.status !== 'failed') results.set(payoutId, result);
      }
    });
  });
  if (results.size === 0) {
    throw refuse('it names no payout by an EndToEndId from Tandem’s pain.001 file in a booked entry.');
  }
  return [...results.values()];
}

function returnReasonOf(information: z.infer<typeof transactionSchema>['RtrInf']): string {
  const code = information?.Rsn?.Cd ?? information?.Rsn?.Prtry;
  const said = (information?.AddtlInf ?? []).join(' ').trim();
  const words = code ? returnReasons[code] : undefined;
  const because = [code && (words ? `${code}, ${words}` : code), said].filter(Boolean).join(': ');
  return `Returned by the bank${because ? ` (${because})` : ''}.`.slice(0, 500);
}

// An ISO amount ("160.00", "2715900", "12.345"): up to five decimals, which count in the currency's minor
// unit only when matched against a payout.
function decimalIn(value: string, where: string): string {
  const decimal = value.trim();
  if (!/^\d{1,15}(\.\d{1,5})?$/.test(decimal)) throw refuse(`${where} has an amount that is not a decimal number.`);
  return decimal;
}

import type { Currency } from '~/shared/currencies';
import { payoutTexts } from '~/shared/payouts';
import type { BankDebtor } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { bankReferenceOf, currenciesIn, decimalOf, findBankFileLines, linesIn } from './bank-file-lines';
import { findPayoutRun } from './find-payout-run';

// ISO 20022 pain.001.001.09, the customer credit transfer initiation a European bank (and most others) takes
// (docs/decisions/045): one payment instruction for the run's payouts to an IBAN in one currency, from
// Tandem's account, one transfer per payout, each named by its payout (EndToEndId, bank-file-lines.ts). A run
// paying in several currencies has a file per currency, asked for by `currency`; left out, the only one. The
// other payouts are in the NACHA file or the CSV; the run's bank formats answer says which and why.
export async function renderPain001File({
  db,
  runId,
  currency,
  debtor,
  now = new Date(),
}: {
  db: Database;
  runId: string;
  currency?: Currency;
  debtor: BankDebtor | null;
  now?: Date;
}): Promise<{ fileName: string; xml: string }> {
  const run = await findPayoutRun({ db, runId });
  if (!debtor) throw new AppError('conflict', payoutTexts.debtorMissing);
  const toIbans = linesIn(await findBankFileLines(db, runId), 'pain001');
  const offered = currenciesIn(toIbans);
  if (offered.length === 0) throw new AppError('conflict', payoutTexts.noSepaPayouts);
  const fileCurrency = currency ?? (offered.length === 1 ? offered[0] : undefined);
  if (!fileCurrency) throw new AppError('validation', payoutTexts.pain001CurrencyNeeded(offered));
  const transfers = toIbans.filter(({ line }) => line.currency === fileCurrency);
  if (transfers.length === 0) throw new AppError('conflict', payoutTexts.noPain001PayoutsIn(fileCurrency, offered));
  const total = transfers.reduce((sum, { line }) => sum + line.amount_cents, 0);
  // SEPA's service level only for euros; any other currency goes as a generic credit transfer, which
  // pain.001.001.09 allows in any currency, never converted here.
  const isSepa = fileCurrency === 'EUR';
  const runReference = bankReferenceOf(runId);
  // Unique per file made: the bank refuses a message id it has seen, and the run may be downloaded again,
  // each currency's file apart.
  const messageId = `TDM${now.getTime().toString(36).toUpperCase()}${fileCurrency}${runReference.slice(0, 12).toUpperCase()}`;
  const agent = (bic: string | null) =>
    bic ? el('FinInstnId', el('BICFI', bic)) : el('FinInstnId', el('Othr', el('Id', 'NOTPROVIDED')));
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">${el(
    'CstmrCdtTrfInitn',
    el(
      'GrpHdr',
      el('MsgId', messageId),
      el('CreDtTm', `${now.toISOString().slice(0, 19)}Z`),
      el('NbOfTxs', String(transfers.length)),
      el('CtrlSum', decimalOf(total, fileCurrency)),
      el('InitgPty', el('Nm', text(debtor.name, 140))),
    ),
    el(
      'PmtInf',
      // The run's 32 digits and the currency: 35 characters, ISO's Max35Text, one per file of the run.
      el('PmtInfId', `${runReference}${fileCurrency}`),
      el('PmtMtd', 'TRF'),
      el('BtchBookg', 'false'),
      el('NbOfTxs', String(transfers.length)),
      el('CtrlSum', decimalOf(total, fileCurrency)),
      isSepa ? el('PmtTpInf', el('SvcLvl', el('Cd', 'SEPA'))) : '',
      el('ReqdExctnDt', el('Dt', run.scheduled_for > isoDayOf(now) ? run.scheduled_for : isoDayOf(now))),
      el('Dbtr', el('Nm', text(debtor.name, 140))),
      el('DbtrAcct', el('Id', el('IBAN', debtor.iban))),
      el('DbtrAgt', agent(debtor.bic ?? null)),
      el('ChrgBr', isSepa ? 'SLEV' : 'SHAR'),
      ...transfers.map(({ line, choice }) =>
        el(
          'CdtTrfTxInf',
          el('PmtId', el('EndToEndId', bankReferenceOf(line.id))),
          el('Amt', `<InstdAmt Ccy="${fileCurrency}">${decimalOf(line.amount_cents, fileCurrency)}</InstdAmt>`),
          el('CdtrAgt', agent(choice.bic)),
          el('Cdtr', el('Nm', text(line.holder_name ?? line.name, 140))),
          el('CdtrAcct', el('Id', el('IBAN', choice.iban))),
          el('RmtInf', el('Ustrd', `Tandem payout ${line.id.slice(0, 8)}`)),
        ),
      ),
    ),
  )}</Document>
`;
  return { fileName: `tandem-payouts-${run.scheduled_for}-${fileCurrency}.pain001.xml`, xml };
}

const isoDayOf = (moment: Date) => moment.toISOString().slice(0, 10);

// An element with its children (already XML) or its text.
const el = (name: string, ...children: string[]) => `<${name}>${children.join('')}</${name}>`;

// Free text as the file takes it: escaped, no control characters, cut to the field's length (by characters).
function text(value: string, max: number): string {
  const clean = [...value.replace(/\p{Cc}/gu, ' ').trim()].slice(0, max).join('');
  return clean.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

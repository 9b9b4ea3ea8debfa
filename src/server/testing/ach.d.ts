// @ach/ach (a NACHA parser nobody here wrote, decision 045) ships no types: the parser the bank-file tests read
// our NACHA files back with, and the fields it reads.
declare module '@ach/ach' {
  import type { Transform } from 'node:stream';

  // A field as the parser left it: a number where its format says numeric, else trimmed text.
  type Field = string | number;

  export interface AchEntry {
    transactionCode: Field;
    receivingDFIIdentification: Field;
    checkDigit: Field;
    dfiAccount: Field;
    amount: Field;
    identificationNumber: Field;
    receivingCompanyName: Field;
    addendaIndicator: Field;
    traceNumber: Field;
    addenda?: { type: Field; info: Field; num: Field; entryNum: number };
  }
  export interface AchBatch {
    serviceClassCode: Field;
    companyName: Field;
    companyId: Field;
    entryClassCode: Field;
    description: Field;
    originatingDFIIdentification: Field;
    num: Field;
    entries: AchEntry[];
    footer: { entryAndAddendaCount: Field; entryHash: Field; totalDebit: Field; totalCredit: number };
  }
  export interface AchFile {
    file: {
      destination: Field;
      origin: Field;
      recordSize: Field;
      blockingFactor: Field;
      footer: {
        batchCount: Field;
        blockCount: Field;
        entryAndAddendaCount: Field;
        entryHash: Field;
        totalDebit: Field;
        totalCredit: Field;
      };
    };
    batches: AchBatch[];
  }
  export default function ach(): { getParser(format: 'ach'): Transform };
}

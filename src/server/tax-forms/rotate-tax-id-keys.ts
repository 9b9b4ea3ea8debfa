import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { taxForms } from '../db/schema';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { sealedFor } from './tax-form-records';

// Re-seals under the current key every number sealed under another (`npm run tax:rotate-key`, after the
// new key is put first in TAX_ID_KEYS). A row at a time, each in its own transaction locking it, so a run
// stopped half way is finished by the next; what is under the current key already is left alone.
export async function rotateTaxIdKeys({
  db,
  cipher,
}: {
  db: Database;
  cipher: TaxIdCipher;
}): Promise<{ resealed: number; forms: number }> {
  const rows = await db
    .select({
      id: taxForms.id,
      applicantId: taxForms.applicantId,
      us: taxForms.usTinSealed,
      foreign: taxForms.foreignTinSealed,
    })
    .from(taxForms);
  const isOld = (sealed: string | null) => sealed !== null && cipher.keyIdOf(sealed) !== cipher.currentKeyId;
  let resealed = 0;
  for (const { id } of rows.filter((row) => isOld(row.us) || isOld(row.foreign))) {
    resealed += await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ applicantId: taxForms.applicantId, us: taxForms.usTinSealed, foreign: taxForms.foreignTinSealed })
        .from(taxForms)
        .where(eq(taxForms.id, id))
        .for('update');
      if (!row) return 0;
      const reseal = (sealed: string | null, column: 'us_tin' | 'foreign_tin') => {
        if (sealed === null || !isOld(sealed)) return sealed;
        const boundTo = sealedFor(row.applicantId, column);
        return cipher.seal(cipher.open(sealed, boundTo), boundTo);
      };
      await tx
        .update(taxForms)
        .set({ usTinSealed: reseal(row.us, 'us_tin'), foreignTinSealed: reseal(row.foreign, 'foreign_tin') })
        .where(eq(taxForms.id, id));
      return (isOld(row.us) ? 1 : 0) + (isOld(row.foreign) ? 1 : 0);
    });
  }
  return { resealed, forms: rows.length };
}

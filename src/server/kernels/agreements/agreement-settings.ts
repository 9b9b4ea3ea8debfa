import { eq } from 'drizzle-orm';
import type { AgreementSettings } from '~/shared/agreements';
import type { Database } from '../../db/client';
import { agreementSettings } from '../../db/schema';

// A company's agreement settings, Tandem's defaults until it saves its own: the company countersigns, and work
// waits for the signatures.
export async function findAgreementSettings(db: Database, companyId: string): Promise<AgreementSettings> {
  const [row] = await db.select().from(agreementSettings).where(eq(agreementSettings.companyId, companyId));
  return {
    default_templates: row?.defaultTemplates ?? [],
    countersign: row?.countersign ?? true,
    work_waits_for_signatures: row?.workWaitsForSignatures ?? true,
    governing_law: row?.governingLaw ?? '',
    notice_period: row?.noticePeriod ?? '',
  };
}

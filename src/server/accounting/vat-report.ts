import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { decimalOfMinor, type PeriodQuery, type VatReport } from '~/shared/accounting';
import { formatBasisPoints } from '~/shared/billing-texts';
import { currencyOf } from '~/shared/currencies';
import { taxCategories, taxCategoryLabels } from '~/shared/tax';
import type { Database } from '../db/client';
import { integerColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { buildCsv } from '../platform/build-csv';

const lineRow = z.object({
  currency: z.string(),
  category: z.enum(taxCategories),
  name: z.string(),
  rate_basis_points: integerColumn,
  invoices: integerColumn,
  credit_notes: integerColumn,
  taxable_cents: integerColumn,
  tax_cents: integerColumn,
});

// The tax of a period's documents as issued (decision 053): each invoice issued in it adds its taxable amount
// (work or milestone, and fee) and its tax; each credit note issued in it takes away what it credited. Grouped by
// the rule and rate each was issued under, a currency at a time: nothing is converted.
export async function vatReport({ db, period }: { db: Database; period: PeriodQuery }): Promise<VatReport> {
  const lines = await selectRows(
    db,
    lineRow,
    sql`select currency, tax_category as category, tax_name as name, tax_basis_points as rate_basis_points,
               count(*) filter (where kind = 'invoice')::int as invoices,
               count(*) filter (where kind = 'credit_note')::int as credit_notes,
               sum(taxable)::bigint as taxable_cents, sum(tax)::bigint as tax_cents
        from (
          select 'invoice' as kind, currency, tax_category, tax_name, tax_basis_points,
                 subtotal_cents + fee_cents as taxable, tax_cents as tax
          from invoices where issue_date between ${period.from}::date and ${period.to}::date
          union all
          select 'credit_note', currency, tax_category, tax_name, tax_basis_points,
                 -(subtotal_cents + fee_cents), -tax_cents
          from credit_notes where issue_date between ${period.from}::date and ${period.to}::date
        ) documents
        group by currency, tax_category, tax_name, tax_basis_points
        order by currency, tax_category, tax_name, tax_basis_points`,
  );
  return {
    from: period.from,
    to: period.to,
    lines: lines.map((line) => ({ ...line, currency: currencyOf(line.currency) })),
  };
}

export function vatReportCsv(report: VatReport): { fileName: string; csv: string } {
  const csv = buildCsv([
    ['From', 'To', 'Currency', 'Tax', 'Rule', 'Rate', 'Invoices', 'Credit Notes', 'Taxable Amount', 'Tax Amount'],
    ...report.lines.map((line) => [
      report.from,
      report.to,
      line.currency,
      line.name,
      taxCategoryLabels[line.category],
      formatBasisPoints(line.rate_basis_points),
      line.invoices,
      line.credit_notes,
      decimalOfMinor(line.taxable_cents, line.currency),
      decimalOfMinor(line.tax_cents, line.currency),
    ]),
  ]);
  return { fileName: `tandem-vat-${report.from}-to-${report.to}.csv`, csv };
}

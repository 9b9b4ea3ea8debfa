import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { YearField } from '~/client/components/year-field';
import { downloadYearlySummary, yearlySummaryUrl } from './api';
import { DownloadLink } from './download-link';

// This year and the five before it: the years a talent files taxes for.
const YEARS_BACK = 5;

const formats = [
  { format: 'csv', label: 'Download CSV' },
  { format: 'pdf', label: 'Download PDF' },
] as const;

// A year's earnings and payouts, month by month and company by company, for the talent's tax filing
// (docs/decisions/036), as a CSV for a spreadsheet or a PDF to keep; each amount in its own currency.
export function YearlySummary() {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, back) => thisYear - back);
  const [year, setYear] = useState(thisYear);
  const titleId = useId();
  return (
    <Card className="min-w-0" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Yearly summary</CardTitle>
        <CardDescription>
          A year’s earnings and payouts, month by month and company by company, for your tax filing: earnings in the
          currency each company paid in, payouts in the currency you are paid in, and the conversions between them.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <YearField label="Year" years={years} value={year} onChange={setYear} />
        <div className="flex flex-wrap gap-2">
          {formats.map(({ format, label }) => (
            <DownloadLink
              key={format}
              href={yearlySummaryUrl(year, format)}
              download={() => downloadYearlySummary(year, format)}
              failure="The summary could not be downloaded. Please try again."
              aria-label={`${label} of ${year}`}
              className={buttonVariants({ variant: 'outline' })}
            >
              <DownloadIcon aria-hidden="true" />
              {label}
            </DownloadLink>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import { formatMoney } from '~/shared/money-format';
import { necFormTexts, necThresholdText } from '~/shared/year-end-forms';
import { downloadNecForm, necFormUrl, ownNecFormsQueryOptions } from './api';
import { DownloadLink } from './download-link';

// The Forms 1099-NEC Tandem issued the talent (decision 055): a year's, or its correction, as the IRS has it.
export function NecFormsCard() {
  const forms = useQuery(ownNecFormsQueryOptions());
  const titleId = useId();
  const lastYear = new Date().getFullYear() - 1;
  return (
    <Card className="min-w-0" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Form 1099-NEC</CardTitle>
        <CardDescription>
          What Tandem reports to the IRS it paid you in a year, if you are a US person. Your copy shows only the last
          four digits of your taxpayer identification number.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {forms.isPending && (
          <div role="status" aria-label="Loading your Forms 1099-NEC" className="space-y-2">
            <Skeleton className="h-9 w-full" />
          </div>
        )}
        {forms.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(forms.error, 'Failed to load your Forms 1099-NEC. Please try again.')}</p>
              <Button size="sm" variant="outline" onClick={() => forms.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {forms.isSuccess && forms.data.items.length === 0 && (
          <div className="flex items-start gap-3 text-sm text-muted-foreground">
            <FileTextIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>{necFormTexts.ownEmpty(necThresholdText(lastYear))}</p>
          </div>
        )}
        {forms.isSuccess && forms.data.items.length > 0 && (
          <ul className="divide-y">
            {forms.data.items.map((form) => (
              <li key={form.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {form.year}
                    {form.corrected && <span className="font-normal text-muted-foreground"> · corrected</span>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {formatMoney(form.box1_cents, 'USD')} nonemployee compensation · issued{' '}
                    {formatIsoDay(form.issued_at.slice(0, 10))}
                  </p>
                </div>
                <DownloadLink
                  href={necFormUrl(form.id)}
                  download={() => downloadNecForm(form.id, form.year)}
                  failure="The form could not be downloaded. Please try again."
                  aria-label={`Download Form 1099-NEC for ${form.year}`}
                  className={buttonVariants({ variant: 'outline' })}
                >
                  <DownloadIcon aria-hidden="true" />
                  Download PDF
                </DownloadLink>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

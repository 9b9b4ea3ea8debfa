import { useQuery } from '@tanstack/react-query';
import { FileSignatureIcon } from 'lucide-react';
import { Link } from 'react-router';
import { TaxFormStanding } from '~/client/components/tax-form-standing';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { paths } from '~/shared/routes';
import { taxFormKindLabels, taxFormTexts } from '~/shared/tax-forms';
import { ownTaxFormQueryOptions } from './api';

// The talent's tax form on Earnings (issue 56): where it stands, and the way to complete or replace it.
export function TaxFormSection() {
  const own = useQuery(ownTaxFormQueryOptions());
  return (
    <Card aria-labelledby="earnings-tax-form">
      <CardHeader>
        <CardTitle id="earnings-tax-form" className="flex items-center gap-2">
          <FileSignatureIcon className="size-4" aria-hidden="true" />
          {taxFormTexts.sectionTitle}
        </CardTitle>
        <CardDescription>
          {own.data?.form ? taxFormKindLabels[own.data.form.kind] : 'A W-9 or W-8BEN, signed online in a few minutes.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end justify-between gap-4">
        {own.isPending && <Skeleton className="h-10 w-64" />}
        {own.isError && (
          <p className="text-sm text-destructive">
            {errorMessage(own.error, 'Your tax form could not be loaded. Please try again.')}
          </p>
        )}
        {own.isSuccess && <TaxFormStanding own={own.data} />}
        {own.isSuccess && (
          <Link
            to={paths.applicantTaxForm.getHref()}
            className={buttonVariants({ variant: own.data.standing === 'on_file' ? 'outline' : 'default' })}
          >
            {own.data.form ? 'View or replace your tax form' : 'Complete your tax form'}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { PortalPage } from '~/client/components/portal-page';
import { TaxFormStanding } from '~/client/components/tax-form-standing';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import {
  type OwnTaxForm,
  taxCountryName,
  taxFormKindLabels,
  taxFormTexts,
  w9ClassificationLabels,
} from '~/shared/tax-forms';
import { downloadOwnTaxForm, ownTaxFormQueryOptions } from './api';
import { W8benForm } from './w8ben-form';
import { W9Form } from './w9-form';

type Choice = 'w9' | 'w8ben' | 'entity';

// /applicant/tax-form (issue 56): the talent's tax form in force — masked — with its signed PDF, and the form
// to sign a new one: a W-9 for a US person, a W-8BEN for an individual outside the US.
export default function TaxFormPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const own = useQuery(ownTaxFormQueryOptions());
  const [isReplacing, setIsReplacing] = useState(false);
  const showsForm = own.isSuccess && (own.data.form === null || isReplacing);
  return (
    <PortalPage
      title={title}
      back={{ to: paths.applicantEarnings.getHref(), label: 'Back to Earnings' }}
      description={taxFormTexts.pageIntro}
    >
      {own.isPending && <Skeleton className="h-32 w-full" />}
      {own.isError && (
        <Alert variant="destructive">
          {errorMessage(own.error, 'Your tax form could not be loaded. Please try again.')}
        </Alert>
      )}
      {own.isSuccess && <OnFile own={own.data} isReplacing={isReplacing} onReplace={() => setIsReplacing(true)} />}
      {showsForm && (
        <NewTaxForm
          onSigned={(replaced) => {
            toast({ title: replaced ? taxFormTexts.submittedReplaced : taxFormTexts.submitted });
            setIsReplacing(false);
          }}
        />
      )}
    </PortalPage>
  );
}

function OnFile({ own, isReplacing, onReplace }: { own: OwnTaxForm; isReplacing: boolean; onReplace: () => void }) {
  const { form } = own;
  async function download() {
    try {
      await downloadOwnTaxForm();
    } catch (error) {
      toast({
        title: 'Download failed',
        description: errorMessage(error, 'Please check your connection and try again.'),
        variant: 'destructive',
      });
    }
  }
  return (
    <Card aria-labelledby="tax-form-on-file">
      <CardHeader>
        <CardTitle id="tax-form-on-file">{form ? taxFormKindLabels[form.kind] : taxFormTexts.sectionTitle}</CardTitle>
        <CardDescription>
          {form ? `Signed ${formatIsoDay(form.signed_at.slice(0, 10))} by ${form.signature_name}.` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <TaxFormStanding own={own} />
        {form && (
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-muted-foreground">Name</dt>
            <dd>{form.legal_name}</dd>
            {form.tax_classification && (
              <>
                <dt className="text-muted-foreground">Classification</dt>
                <dd>{w9ClassificationLabels[form.tax_classification]}</dd>
              </>
            )}
            {form.citizenship_country && (
              <>
                <dt className="text-muted-foreground">Citizenship</dt>
                <dd>{taxCountryName(form.citizenship_country)}</dd>
              </>
            )}
            <dt className="text-muted-foreground">Address</dt>
            <dd>
              {[form.address.street, form.address.city, form.address.country && taxCountryName(form.address.country)]
                .filter(Boolean)
                .join(', ')}
            </dd>
            {form.us_tin_masked && (
              <>
                <dt className="text-muted-foreground">US taxpayer number</dt>
                <dd>{form.us_tin_masked}</dd>
              </>
            )}
            {form.foreign_tin_masked && (
              <>
                <dt className="text-muted-foreground">Foreign tax number</dt>
                <dd>{form.foreign_tin_masked}</dd>
              </>
            )}
          </dl>
        )}
        {form && !isReplacing && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={download}>
              <DownloadIcon aria-hidden="true" />
              Download the signed form (PDF)
            </Button>
            <Button onClick={onReplace}>Complete a new form</Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function NewTaxForm({ onSigned }: { onSigned: (replaced: boolean) => void }) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const labelId = useId();
  return (
    <Card aria-labelledby="new-tax-form">
      <CardHeader>
        <CardTitle id="new-tax-form">{taxFormTexts.chooseKind}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <Label id={labelId}>Form</Label>
          <RadioGroup
            value={choice ?? ''}
            onValueChange={(value) => setChoice(value as Choice)}
            aria-labelledby={labelId}
            className="grid gap-3"
          >
            <ChoiceOption value="w9" label={taxFormKindLabels.w9} hint={taxFormTexts.kindHint.w9} />
            <ChoiceOption value="w8ben" label={taxFormKindLabels.w8ben} hint={taxFormTexts.kindHint.w8ben} />
            <ChoiceOption
              value="entity"
              label="Form W-8BEN-E (a company or other entity outside the US)"
              hint="Not collected online yet."
            />
          </RadioGroup>
        </div>
        {choice === 'entity' && <Alert>{taxFormTexts.entityNotOnline}</Alert>}
        {choice === 'w9' && <W9Form onSigned={onSigned} />}
        {choice === 'w8ben' && <W8benForm onSigned={onSigned} />}
      </CardContent>
    </Card>
  );
}

function ChoiceOption({ value, label, hint }: { value: Choice; label: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <RadioGroupItem id={id} value={value} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

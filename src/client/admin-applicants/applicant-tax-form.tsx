import { useMutation, useQuery } from '@tanstack/react-query';
import { EyeIcon, FileDownIcon } from 'lucide-react';
import { useState } from 'react';
import { DetailSection, NoneText } from '~/client/components/detail-section';
import { TaxFormStanding } from '~/client/components/tax-form-standing';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { formatUsTin, type RevealedTaxIds, taxFormKindLabels, taxFormTexts } from '~/shared/tax-forms';
import { applicantTaxFormQueryOptions, downloadApplicantTaxForm, revealApplicantTaxIds } from './api';

const TRY_AGAIN = 'Please check your connection and try again.';

// An applicant's tax form in their drawer (issue 56): its standing and masked numbers for every administrator;
// the whole numbers and the signed PDF for one holding the tax data reader grant, each look audited.
export function ApplicantTaxForm({ applicantId }: { applicantId: string }) {
  const query = useQuery(applicantTaxFormQueryOptions(applicantId));
  const [revealed, setRevealed] = useState<RevealedTaxIds | null>(null);
  const reveal = useMutation({
    mutationFn: () => revealApplicantTaxIds(applicantId),
    onSuccess: setRevealed,
    onError: (error) =>
      toast({ title: 'Not revealed', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' }),
  });
  async function download() {
    try {
      await downloadApplicantTaxForm(applicantId);
    } catch (error) {
      toast({ title: 'Download failed', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' });
    }
  }
  const data = query.data;
  const form = data?.form;
  return (
    <DetailSection title={taxFormTexts.sectionTitle} level={3}>
      {query.isError && <NoneText>{errorMessage(query.error, 'The tax form could not be loaded.')}</NoneText>}
      {data && <TaxFormStanding own={data} />}
      {form && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Form</dt>
          <dd>{taxFormKindLabels[form.kind]}</dd>
          {form.us_tin_masked && (
            <>
              <dt className="text-muted-foreground">US taxpayer number</dt>
              <dd>
                {revealed?.us_tin && form.us_tin_type
                  ? formatUsTin(form.us_tin_type, revealed.us_tin)
                  : form.us_tin_masked}
              </dd>
            </>
          )}
          {form.foreign_tin_masked && (
            <>
              <dt className="text-muted-foreground">Foreign tax number</dt>
              <dd>{revealed?.foreign_tin ?? form.foreign_tin_masked}</dd>
            </>
          )}
        </dl>
      )}
      {form && data?.can_reveal && (
        <div className="flex flex-wrap gap-2">
          {!revealed && (form.us_tin_masked || form.foreign_tin_masked) && (
            <Button size="sm" variant="outline" onClick={() => reveal.mutate()} disabled={reveal.isPending}>
              <EyeIcon aria-hidden="true" />
              Reveal the number
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={download}>
            <FileDownIcon aria-hidden="true" />
            Download the signed form
          </Button>
        </div>
      )}
      {revealed && <p className="text-xs text-muted-foreground">{taxFormTexts.revealed}</p>}
      {form && data && !data.can_reveal && (
        <p className="text-xs text-muted-foreground">{taxFormTexts.revealNeedsGrant}</p>
      )}
    </DetailSection>
  );
}

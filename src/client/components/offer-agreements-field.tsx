import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FieldError } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { Skeleton } from '~/client/components/ui/skeleton';
import { agreementTemplatesQueryOptions, jobAgreementsQueryOptions } from '~/client/lib/agreement-queries';
import { isApiError } from '~/client/lib/api-client';
import { AGREEMENTS_PER_OFFER_MAX, signingTexts } from '~/shared/agreements';

// The agreements an offer sends, to be signed before work starts (decision 056): Tandem's defaults and the
// company's own templates as tick boxes, the job's set (or the company's default set) ticked to start with.
export function useOfferAgreements(jobId: string) {
  const jobSet = useQuery(jobAgreementsQueryOptions(jobId));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const defaults = jobSet.data?.effective;
  useEffect(() => {
    if (defaults && chosen === null) setChosen(defaults);
  }, [defaults, chosen]);
  return { chosen: chosen ?? [], setChosen };
}

export function OfferAgreementsField({
  chosen,
  onChange,
  error,
  legend = 'Agreements to sign',
  hint = 'Sent with the offer. Work starts once they are signed.',
}: {
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string;
  legend?: string;
  hint?: string;
}) {
  const templates = useQuery(agreementTemplatesQueryOptions({ page: 1 }));
  const id = useId();
  // An addendum follows a change after hire: no offer sends one.
  const options = templates.data
    ? [...templates.data.defaults, ...templates.data.items].filter((template) => template.kind !== 'addendum')
    : [];
  const tooMany = chosen.length > AGREEMENTS_PER_OFFER_MAX ? signingTexts.tooManyAgreements : undefined;
  const shownError = error ?? tooMany;
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={shownError ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {templates.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : templates.isError ? (
        <p className="text-sm text-destructive">The agreements could not be loaded: the offer can go without them.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {options.map((template) => (
            <li key={template.id} className="flex items-start gap-2">
              <Checkbox
                id={`${id}-${template.id}`}
                checked={chosen.includes(template.id)}
                onCheckedChange={(checked) =>
                  onChange(
                    checked === true ? [...chosen, template.id] : chosen.filter((value) => value !== template.id),
                  )
                }
                className="mt-0.5"
              />
              <Label
                htmlFor={`${id}-${template.id}`}
                className="cursor-pointer font-normal leading-snug [overflow-wrap:anywhere]"
              >
                {template.name}
              </Label>
            </li>
          ))}
        </ul>
      )}
      {shownError && <FieldError id={`${id}-error`}>{shownError}</FieldError>}
    </fieldset>
  );
}

// The server's word on the chosen agreements (a template archived meanwhile), for the field.
export const agreementsErrorOf = (error: unknown): string | undefined =>
  isApiError(error) ? error.fields.agreements : undefined;

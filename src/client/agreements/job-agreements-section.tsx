import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { OfferAgreementsField } from '~/client/components/offer-agreements-field';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Label } from '~/client/components/ui/label';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/use-toast';
import { jobAgreementsQueryOptions } from '~/client/lib/agreement-queries';
import { callApi, errorMessage } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { JobAgreements } from '~/shared/agreements';
import { agreementsContract } from '~/shared/contracts/agreements';

// A job's own agreements (decision 056): what its offers start with, instead of the company's default set.
export function JobAgreementsSection({ jobId, canEdit }: { jobId: string; canEdit: boolean }) {
  const titleId = useId();
  const current = useQuery(jobAgreementsQueryOptions(jobId));
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Agreements for this job</CardTitle>
        <CardDescription>Ticked in Make Offer for this job; whoever makes the offer can change them.</CardDescription>
      </CardHeader>
      <CardContent>
        {current.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : current.isError ? (
          <Alert variant="destructive">{errorMessage(current.error, 'Failed to load the job’s agreements.')}</Alert>
        ) : (
          <JobAgreementsForm
            key={JSON.stringify(current.data)}
            jobId={jobId}
            current={current.data}
            canEdit={canEdit}
          />
        )}
      </CardContent>
    </Card>
  );
}

function JobAgreementsForm({ jobId, current, canEdit }: { jobId: string; current: JobAgreements; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const switchId = useId();
  const [own, setOwn] = useState(current.templates !== null);
  const [chosen, setChosen] = useState(current.effective);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (templates: string[] | null) =>
      callApi(agreementsContract.updateJobAgreements, { params: { id: jobId }, body: { templates } }),
    onSuccess: (saved) => queryClient.setQueryData(jobAgreementsQueryOptions(jobId).queryKey, saved),
  });
  const submit = async () => {
    setFailure(null);
    try {
      await save.mutateAsync(own ? chosen : null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.agreements.all });
      toast({ title: 'Agreements for this job saved.' });
    } catch (error) {
      setFailure(errorMessage(error, 'The job’s agreements could not be saved. Please try again.'));
    }
  };
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-center gap-3">
        <Switch id={switchId} checked={own} onCheckedChange={setOwn} disabled={!canEdit} />
        <Label htmlFor={switchId}>Its own agreements, not the company’s default set</Label>
      </div>
      <fieldset disabled={!canEdit || !own} className="min-w-0">
        <OfferAgreementsField
          legend="Agreements its offers start with"
          hint={own ? 'Tick those this job’s hires sign.' : 'The company’s default set, from Settings → Agreements.'}
          chosen={chosen}
          onChange={setChosen}
        />
      </fieldset>
      {failure && <Alert variant="destructive">{failure}</Alert>}
      {canEdit && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save agreements'}
          </Button>
        </div>
      )}
    </form>
  );
}

import { PlusIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { isApiError } from '~/client/lib/api-client';
import type { HiringTeam } from '~/shared/hiring-team';
import {
  SCORECARD_CRITERIA_MAX,
  SCORECARD_CRITERION_MAX_LENGTH,
  scorecardCriteriaSchema,
  scorecardTexts,
} from '~/shared/scorecards';
import { useSetScorecardCriteria } from './api';

// Field → message: 'criteria' for the list as a whole, 'criteria.2' for one label.
type CriteriaErrors = Record<string, string>;

// What interviewers rate 1–4 on this job's scorecards: shown as labels, edited as a short list.
export function ScorecardCriteria({ jobId, team, canEdit }: { jobId: string; team: HiringTeam; canEdit: boolean }) {
  const [draft, setDraft] = useState<string[] | null>(null);
  return (
    <section aria-labelledby="scorecard-criteria-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="scorecard-criteria-title" className="text-sm font-semibold">
          Scorecard criteria
        </h3>
        {canEdit && !draft && (
          <Button variant="outline" size="sm" onClick={() => setDraft([...team.scorecard_criteria])}>
            Edit Criteria
          </Button>
        )}
      </div>
      {draft ? (
        <CriteriaForm jobId={jobId} initial={draft} onDone={() => setDraft(null)} />
      ) : (
        <>
          <ul className="flex flex-wrap gap-2" aria-label="Scorecard criteria">
            {team.scorecard_criteria.map((criterion) => (
              <li key={criterion}>
                <Badge variant="secondary">{criterion}</Badge>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            {team.default_criteria
              ? 'The default criteria: each interviewer rates them 1–4 with a note.'
              : 'Each interviewer rates these 1–4 with a note.'}
          </p>
        </>
      )}
    </section>
  );
}

// Each row keeps its own key while labels change, repeat or are left empty.
let nextRowKey = 0;
const rowOf = (value: string) => ({ key: nextRowKey++, value });

function CriteriaForm({ jobId, initial, onDone }: { jobId: string; initial: string[]; onDone: () => void }) {
  const [rows, setRows] = useState(() => initial.map(rowOf));
  const criteria = rows.map((row) => row.value);
  const [errors, setErrors] = useState<CriteriaErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const save = useSetScorecardCriteria(jobId);

  const change = (key: number, value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { key, value } : row)));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBanner(null);
    const parsed = scorecardCriteriaSchema.safeParse({ criteria });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data.criteria);
      onDone();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setBanner('The criteria were not saved. Please try again.');
    }
  }

  return (
    <form noValidate className="grid gap-3" onSubmit={submit} aria-label="Scorecard criteria">
      <ol className="grid gap-2">
        {rows.map((row, index) => (
          <li key={row.key} className="flex items-start gap-2">
            <FormField label={`Criterion ${index + 1}`} error={errors[`criteria.${index}`]} className="flex-1">
              {(control) => (
                <Input
                  {...control}
                  value={row.value}
                  maxLength={SCORECARD_CRITERION_MAX_LENGTH}
                  onChange={(event) => change(row.key, event.target.value)}
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-7"
              aria-label={`Remove criterion ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      {errors.criteria && <FieldError>{errors.criteria}</FieldError>}
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={rows.length >= SCORECARD_CRITERIA_MAX}
          onClick={() => setRows((current) => [...current, rowOf('')])}
        >
          <PlusIcon aria-hidden="true" />
          Add Criterion
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Criteria'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {`Between 1 and ${SCORECARD_CRITERIA_MAX} short labels. ${scorecardTexts.criterionRepeated}`}
      </p>
    </form>
  );
}

import { useId, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import { isApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { applicationStatusLabels } from '~/shared/application-statuses';
import {
  fillScorecardSchema,
  SCORECARD_NOTE_MAX_LENGTH,
  SCORECARD_RATING_MAX,
  SCORECARD_RATING_MIN,
  type Scorecard,
  type ScorecardStage,
  type ScorecardSummary,
  scorecardRatingLabels,
  scorecardStages,
} from '~/shared/scorecards';
import { useFillScorecard } from './api';

const RATINGS = Array.from(
  { length: SCORECARD_RATING_MAX - SCORECARD_RATING_MIN + 1 },
  (_, index) => index + SCORECARD_RATING_MIN,
);

interface Draft {
  stage: ScorecardStage;
  ratings: Record<string, { rating: number | null; note: string }>;
  overall: number | null;
  note: string;
}

// The form starts from the reader's own card for the stage, if they filled it, else empty.
function draftFor(stage: ScorecardStage, summary: ScorecardSummary): Draft {
  const mine: Scorecard | undefined = summary.scorecards.find((card) => card.is_mine && card.stage === stage);
  return {
    stage,
    ratings: Object.fromEntries(
      summary.criteria.map((criterion) => {
        const given = mine?.ratings.find((rating) => rating.criterion === criterion);
        return [criterion, { rating: given?.rating ?? null, note: given?.note ?? '' }];
      }),
    ),
    overall: mine?.overall_rating ?? null,
    note: mine?.note ?? '',
  };
}

// The interviewer's scorecard for one stage: every criterion rated 1–4 with an optional note, an overall
// 1–4 and a note. Filling a stage again edits their card. Field errors come from the shared schema, and
// from the server by the same names ('ratings.0.rating', 'overall_rating').
export function ScorecardForm({
  applicationId,
  summary,
  onDone,
}: {
  applicationId: string;
  summary: ScorecardSummary;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(() => draftFor(summary.default_stage, summary));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const fill = useFillScorecard(applicationId);
  const shownFields = new Set([
    'stage',
    'ratings',
    'overall_rating',
    'note',
    ...summary.criteria.flatMap((_, index) =>
      ['rating', 'criterion', 'note'].map((part) => `ratings.${index}.${part}`),
    ),
  ]);
  const isEditing = summary.scorecards.some((card) => card.is_mine && card.stage === draft.stage);

  const setCriterion = (criterion: string, change: Partial<{ rating: number; note: string }>) =>
    setDraft((current) => {
      const previous = current.ratings[criterion] ?? { rating: null, note: '' };
      return { ...current, ratings: { ...current.ratings, [criterion]: { ...previous, ...change } } };
    });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBanner(null);
    const input = {
      stage: draft.stage,
      ratings: summary.criteria.map((criterion) => ({
        criterion,
        rating: draft.ratings[criterion]?.rating ?? 0,
        note: draft.ratings[criterion]?.note ?? '',
      })),
      overall_rating: draft.overall ?? 0,
      note: draft.note,
    };
    const parsed = fillScorecardSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    try {
      await fill.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      if (!isApiError(error)) {
        setBanner('The scorecard was not saved. Please try again.');
        return;
      }
      setErrors(error.fields);
      // A message the form has no place for (the job's criteria changed meanwhile, say) goes to the banner.
      if (!Object.keys(error.fields).every((field) => shownFields.has(field))) setBanner(error.message);
    }
  }

  return (
    <form noValidate className="grid gap-4 rounded-md border border-border p-3" onSubmit={submit}>
      <h4 className="text-sm font-semibold">{isEditing ? 'Edit your scorecard' : 'Your scorecard'}</h4>
      <FormField label="Stage you interviewed at" error={errors.stage}>
        {(control) => (
          <NativeSelect
            {...control}
            value={draft.stage}
            onChange={(event) => setDraft(draftFor(event.target.value as ScorecardStage, summary))}
          >
            {scorecardStages.map((stage) => (
              <option key={stage} value={stage}>
                {applicationStatusLabels[stage]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {summary.criteria.map((criterion, index) => (
        <div key={criterion} className="grid gap-2">
          <ScoreChoice
            legend={criterion}
            value={draft.ratings[criterion]?.rating ?? null}
            onChange={(rating) => setCriterion(criterion, { rating })}
            error={errors[`ratings.${index}.rating`] ?? errors[`ratings.${index}.criterion`]}
          />
          <FormField label={`Note on ${criterion} (optional)`} error={errors[`ratings.${index}.note`]}>
            {(control) => (
              <Input
                {...control}
                value={draft.ratings[criterion]?.note ?? ''}
                maxLength={SCORECARD_NOTE_MAX_LENGTH}
                onChange={(event) => setCriterion(criterion, { note: event.target.value })}
              />
            )}
          </FormField>
        </div>
      ))}
      {errors.ratings && <FieldError>{errors.ratings}</FieldError>}
      <ScoreChoice
        legend="Overall"
        value={draft.overall}
        onChange={(overall) => setDraft((current) => ({ ...current, overall }))}
        error={errors.overall_rating}
      />
      <FormField label="Overall note (optional)" error={errors.note}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={draft.note}
            maxLength={SCORECARD_NOTE_MAX_LENGTH}
            onChange={(event) => setDraft((current) => ({ ...current, note: event.target.value }))}
          />
        )}
      </FormField>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={fill.isPending}>
          {fill.isPending ? 'Saving...' : 'Save Scorecard'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

// 1–4 as native radios drawn as buttons: arrow keys, screen readers ("3, Yes") and taps all work.
function ScoreChoice({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="mb-1 text-sm font-medium break-words">{legend}</legend>
      <div className="grid grid-cols-4 gap-1">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className={cn(
              'relative grid cursor-pointer place-items-center rounded-md border px-1 py-1.5 text-center text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              value === rating
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-input bg-background hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
            />
            <span className="text-sm font-semibold">{rating}</span>
            <span>{scorecardRatingLabels[rating]}</span>
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

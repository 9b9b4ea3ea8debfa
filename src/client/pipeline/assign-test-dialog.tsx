import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { SearchInput } from '~/client/components/search-input';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FieldError } from '~/client/components/ui/form-field';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { activeTestsQueryOptions } from '~/client/lib/test-queries';
import { type TestSummary, testTexts, testTypeLabels } from '~/shared/assessments';
import type { ApplicationDetail } from '~/shared/pipeline';
import { assignTestSchema, attemptTexts } from '~/shared/test-attempts';
import { useAssignTest } from './api';

const FAILURE_TEXT = 'The test was not assigned. Please try again.';

// Assign Test: one of the company's published tests (searchable) for this applicant, who takes it from
// My Applications. The server's refusal (already assigned and unfinished, a test that cannot be
// assigned) stays in the dialog, so the person can choose another.
export function AssignTestDialog({
  application,
  open,
  onOpenChange,
}: {
  application: ApplicationDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Assign Test"
        description={`${application.applicant.name} takes it from My Applications, and you see the result here.`}
        className="max-w-xl"
      >
        {/* Mounted while open only: each opening starts with nothing chosen. */}
        {open && <AssignTestForm application={application} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

// What the application already says about a test, as a hint under its name.
function assignmentHint(result: ApplicationDetail['test_results'][number] | undefined): string | null {
  const attempt = result?.attempt;
  if (!attempt) return null;
  return attempt.status === 'submitted' || attempt.status === 'graded'
    ? 'Taken: assigning it again allows a retake.'
    : 'Assigned, not finished yet.';
}

function AssignTestForm({ application, onDone }: { application: ApplicationDetail; onDone: () => void }) {
  const listId = useId();
  // Debounced by SearchInput (docs/spec/portal-and-public-site.md §9: 300 ms).
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const tests = useQuery(activeTestsQueryOptions(search));
  const assign = useAssignTest(application.id);
  const results = new Map(application.test_results.map((result) => [result.test_id, result]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const parsed = assignTestSchema.safeParse({ test_id: chosen });
    if (!parsed.success) {
      setChoiceError(parsed.error.issues[0]?.message ?? FAILURE_TEXT);
      return;
    }
    setChoiceError(null);
    try {
      await assign.mutateAsync(parsed.data.test_id);
      const name = tests.data?.items.find((test) => test.id === parsed.data.test_id)?.name;
      toast({
        title: attemptTexts.assigned,
        description: name ? `${name} for ${application.applicant.name}` : undefined,
      });
      onDone();
    } catch (error) {
      setBanner(errorMessage(error, FAILURE_TEXT));
    }
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <SearchInput value={search} onSearch={setSearch} placeholder="Search tests..." label="Search tests" />
      <div className="max-h-72 min-h-32 overflow-y-auto rounded-md border border-border">
        {tests.isPending && (
          <div role="status" className="grid gap-3 p-3">
            <span className="sr-only">Loading tests</span>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </div>
        )}
        {tests.isError && (
          <div className="p-3">
            <Alert variant="destructive">
              <div className="space-y-2">
                <p>{errorMessage(tests.error, testTexts.loadError)}</p>
                <Button size="sm" variant="outline" onClick={() => tests.refetch()}>
                  Try Again
                </Button>
              </div>
            </Alert>
          </div>
        )}
        {tests.isSuccess && tests.data.items.length === 0 && (
          <div className="grid place-items-center gap-1 p-6 text-center">
            <p className="font-medium">{search ? 'No tests match your search' : 'No published tests yet'}</p>
            <p className="text-sm text-muted-foreground">
              {search ? 'Try another name.' : 'Publish a test from the Tests tab to assign it.'}
            </p>
          </div>
        )}
        {tests.isSuccess && tests.data.items.length > 0 && (
          <RadioGroup
            aria-label="Tests"
            aria-describedby={choiceError ? `${listId}-error` : undefined}
            aria-busy={tests.isFetching}
            value={chosen}
            onValueChange={(value) => {
              setChosen(value);
              setChoiceError(null);
            }}
            className="gap-0 divide-y divide-border"
          >
            {tests.data.items.map((test) => (
              <TestChoice key={test.id} test={test} hint={assignmentHint(results.get(test.id))} />
            ))}
          </RadioGroup>
        )}
      </div>
      {choiceError && <FieldError id={`${listId}-error`}>{choiceError}</FieldError>}
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={assign.isPending}>
          {assign.isPending ? 'Assigning...' : 'Assign Test'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function TestChoice({ test, hint }: { test: TestSummary; hint: string | null }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 p-3 hover:bg-muted/50">
      <RadioGroupItem id={id} value={test.id} aria-describedby={`${id}-details`} className="mt-0.5" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <label htmlFor={id} className="cursor-pointer font-medium break-words">
          {test.name}
        </label>
        <span id={`${id}-details`} className="text-sm text-muted-foreground">
          {testTypeLabels[test.type]} · {test.question_count} questions · Pass rate {test.pass_rate}%
          {hint && <span className="block">{hint}</span>}
        </span>
      </div>
    </div>
  );
}

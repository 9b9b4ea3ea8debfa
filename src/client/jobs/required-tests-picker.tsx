import { useQueries, useQuery } from '@tanstack/react-query';
import { ClipboardCheckIcon, PlusIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Chip } from '~/client/components/removable-chip';
import { SearchInput } from '~/client/components/search-input';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FieldError } from '~/client/components/ui/form-field';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { activeTestsQueryOptions, testQueryOptions } from '~/client/lib/test-queries';
import { type TestSummary, testTexts, testTypeLabels } from '~/shared/assessments';
import { paths } from '~/shared/routes';
import { toggleItem } from './job-form-values';

interface RequiredTestsPickerProps {
  value: string[];
  onChange: (testIds: string[]) => void;
  error?: string;
}

// Required Tests (docs/spec/portal-and-public-site.md §2): a button opening the picker dialog, and the chosen
// tests as removable chips.
export function RequiredTestsPicker({ value, onChange, error }: RequiredTestsPickerProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const names = useTestNames(value);
  const errorId = `${id}-error`;
  const countLabel = value.length === 0 ? 'None selected' : `${value.length} selected`;

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Required Tests</legend>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => setIsOpen(true)} aria-haspopup="dialog">
          <ClipboardCheckIcon aria-hidden="true" />
          {value.length === 0 ? 'Add Required Tests' : 'Change Required Tests'}
        </Button>
        <span className="text-sm text-muted-foreground">{countLabel}</span>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Selected tests">
          {value.map((testId) => (
            <li key={testId}>
              <Chip label={names.get(testId) ?? 'Loading test…'} onRemove={() => onChange(toggleItem(value, testId))} />
            </li>
          ))}
        </ul>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}

      <TestsDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        value={value}
        onChange={onChange}
        onCreateTest={() => setIsCreateOpen(true)}
      />
      <CreateTestDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} />
    </fieldset>
  );
}

// Names of the chosen tests: from the active list, or fetched one by one for a test that has since
// left it (archived or turned back into a draft), so an edited job still shows what it required.
function useTestNames(testIds: string[]): Map<string, string> {
  const active = useQuery({ ...activeTestsQueryOptions(), enabled: testIds.length > 0 });
  const known = new Map((active.data?.items ?? []).map((test) => [test.id, test.name]));
  const missing = active.isSuccess ? testIds.filter((testId) => !known.has(testId)) : [];
  const others = useQueries({ queries: missing.map((testId) => ({ ...testQueryOptions(testId), retry: false })) });
  missing.forEach((testId, index) => {
    const other = others[index];
    if (other?.data) known.set(testId, other.data.name);
    else if (other?.isError) known.set(testId, 'Unavailable test');
  });
  return known;
}

interface TestsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: string[];
  onChange: (testIds: string[]) => void;
  onCreateTest: () => void;
}

function TestsDialog({ open, onOpenChange, value, onChange, onCreateTest }: TestsDialogProps) {
  // Debounced by SearchInput (docs/spec/portal-and-public-site.md §9: 300 ms).
  const [search, setSearch] = useState('');
  const tests = useQuery({ ...activeTestsQueryOptions(search), enabled: open });

  // docs/spec/portal-and-public-site.md §8: a destructive notification when the list cannot be loaded.
  useEffect(() => {
    if (tests.isError) {
      toast({ title: testTexts.loadErrorTitle, description: testTexts.loadError, variant: 'destructive' });
    }
  }, [tests.isError]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Required Tests"
        description="Applicants take these tests when they apply. Only published tests can be required."
        className="max-w-xl"
      >
        <SearchInput value={search} onSearch={setSearch} placeholder="Search tests..." label="Search tests" />

        <div className="max-h-80 min-h-32 overflow-y-auto rounded-md border border-border">
          {tests.isPending && (
            <div role="status" className="divide-y divide-border">
              <span className="sr-only">Loading tests</span>
              {[0, 1, 2, 3].map((row) => (
                <div key={row} className="flex items-center gap-3 p-3">
                  <Skeleton className="size-4" />
                  <div className="grid flex-1 gap-2">
                    <Skeleton className="h-4 w-2/3" />
                    <Skeleton className="h-3 w-1/3" />
                  </div>
                </div>
              ))}
            </div>
          )}
          {tests.isError && (
            <div className="p-3">
              <Alert variant="destructive">
                <div className="space-y-2">
                  <p>{testTexts.loadError}</p>
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
                {search
                  ? 'Try another name, or create a new test.'
                  : 'Create a test and publish it to require it for this job.'}
              </p>
            </div>
          )}
          {tests.isSuccess && tests.data.items.length > 0 && (
            <ul className="divide-y divide-border" aria-label="Available tests" aria-busy={tests.isFetching}>
              {tests.data.items.map((test) => (
                <TestOption
                  key={test.id}
                  test={test}
                  checked={value.includes(test.id)}
                  onToggle={() => onChange(toggleItem(value, test.id))}
                />
              ))}
            </ul>
          )}
        </div>

        <DialogFooter className="sm:justify-between">
          <Button variant="outline" onClick={onCreateTest}>
            <PlusIcon aria-hidden="true" />
            Create New Test
          </Button>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function TestOption({ test, checked, onToggle }: { test: TestSummary; checked: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 p-3 hover:bg-muted/50">
      <Checkbox id={id} checked={checked} onCheckedChange={onToggle} className="mt-0.5" />
      <label htmlFor={id} className="grid min-w-0 flex-1 cursor-pointer gap-0.5">
        <span className="truncate font-medium">{test.name}</span>
        <span className="text-sm text-muted-foreground">
          {testTypeLabels[test.type]} · Pass rate {test.pass_rate}%
        </span>
      </label>
    </li>
  );
}

// The second dialog of docs/spec/portal-and-public-site.md §2: explains, then leads to the test builder.
function CreateTestDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create New Test"
        description="You'll leave this job posting to build the test. What you've entered here is not saved: save this job as a draft first if you want to keep it, then come back and require the new test once it is published."
      >
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Stay Here
          </Button>
          <Button onClick={() => navigate(paths.companyCreateTest.getHref())}>Go to Test Builder</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { adminTestTypeLabel, formatTestDuration } from '~/shared/admin-tests';
import { adminTestQueryOptions } from './api';

// Edit/View on /admin/tests (docs/spec/admin-billing-and-content.md §2 item 9): the test as it is, read-only,
// its questions listed.
export function TestViewDialog({ testId, onClose }: { testId: string | null; onClose: () => void }) {
  return (
    <Dialog
      open={testId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {testId && (
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" title="Test details">
          <TestView testId={testId} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function TestView({ testId }: { testId: string }) {
  const test = useQuery(adminTestQueryOptions(testId));
  if (test.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading the test">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (test.isError) {
    return (
      <Alert variant="destructive">{errorMessage(test.error, 'The test could not be loaded. Please try again.')}</Alert>
    );
  }
  const { data } = test;
  const facts = [
    ['Owner', data.is_platform ? `${data.company_name} (platform)` : data.company_name],
    ['Type', adminTestTypeLabel(data.type)],
    ['Duration', formatTestDuration(data.time_limit)],
    ['Passing score', `${data.pass_rate}%`],
    ['Questions', String(data.question_count)],
    ['Attempts', String(data.attempts.total)],
  ];
  return (
    <div className="grid gap-4">
      <div className="space-y-1">
        <h3 className="text-base font-semibold">{data.name}</h3>
        <div className="flex flex-wrap gap-2">
          <Badge variant={data.status === 'active' ? 'success' : data.status === 'draft' ? 'secondary' : 'outline'}>
            {data.status === 'active' ? 'Published' : data.status === 'draft' ? 'Draft' : 'Archived'}
          </Badge>
          {data.is_public && <Badge variant="info">Public</Badge>}
        </div>
        {data.description && <p className="text-sm text-muted-foreground">{data.description}</p>}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-label="Questions" className="grid gap-2">
        <h4 className="text-sm font-semibold">Questions</h4>
        {data.questions.length === 0 ? (
          <p className="text-sm text-muted-foreground">This test has no questions yet.</p>
        ) : (
          <ol className="grid gap-2">
            {data.questions.map((question, index) => (
              <li key={question.id} className="rounded-md border border-border p-3 text-sm">
                <p className="font-medium">
                  {index + 1}. {question.question}
                </p>
                <p className="text-muted-foreground">
                  {question.type} · {question.points} {question.points === 1 ? 'point' : 'points'}
                </p>
                {question.options.length > 0 && (
                  <ul className="mt-1 list-disc pl-5">
                    {question.options.map((option) => (
                      <li key={option}>{option}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

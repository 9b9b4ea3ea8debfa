import { useQuery } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, CopyIcon, PencilIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PortalPage } from '~/client/components/portal-page';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage, isApiError, isNotFoundError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { PageProps } from '~/client/routes';
import { describeTestPoints, type Test, type TestStatus, testTexts, testTypeLabels } from '~/shared/assessments';
import { paths } from '~/shared/routes';
import {
  testQueryOptions,
  useArchiveTest,
  useCloneTest,
  useDeleteTest,
  useRestoreTest,
  useSetTestFavorite,
} from './api';
import { QuestionCard } from './question-card';
import { fromStoredQuestion } from './question-content';
import { TestAttemptsSection } from './test-attempts-section';
import { TestBuilder } from './test-builder';

// A test of the company (/company/tests/:id): what it asks and how it is graded, and its actions —
// edit with the builder, clone, archive, delete, favourite. ?edit=1 opens it in the builder.

const statusBadges: Record<TestStatus, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  draft: { label: 'Draft', variant: 'warning' },
  archived: { label: 'Archived', variant: 'neutral' },
};

// Test ids are uuids: anything else cannot be a test, so it is not asked for.
const isTestId = (id: string | undefined): id is string => z.uuid().safeParse(id).success;

const formatDateTime = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function TestDetailPage({ pageId }: PageProps) {
  const { id } = useParams();
  const { title } = paths[pageId];
  const isValidId = isTestId(id);
  const test = useQuery({ ...testQueryOptions(id ?? ''), enabled: isValidId });
  const isNotFound = !isValidId || isNotFoundError(test.error);
  const jobsHref = paths.companyJobs.getHref();

  return (
    <PortalPage title={title} back={{ to: jobsHref, label: 'Back to Jobs' }}>
      {isNotFound ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 pt-4 sm:pt-6">
            <p className="font-medium">{testTexts.notFound}</p>
            <p className="text-sm text-muted-foreground">
              It may have been deleted, or the link is mistyped. Your tests are listed on the jobs page.
            </p>
            <Button variant="outline" asChild>
              <Link to={jobsHref}>Go to Jobs & Applications</Link>
            </Button>
          </CardContent>
        </Card>
      ) : test.isPending ? (
        <Card role="status">
          <span className="sr-only">Loading the test</span>
          <CardContent className="grid gap-4 pt-4 sm:pt-6">
            <Skeleton className="h-7 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-24 w-full" />
            ))}
          </CardContent>
        </Card>
      ) : test.isError ? (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{errorMessage(test.error, 'Failed to load the test. Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => test.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : (
        <TestDetail test={test.data} />
      )}
    </PortalPage>
  );
}

function TestDetail({ test }: { test: Test }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const isArchived = test.archived;
  const mayUpdate = useAllowed('update:test:own');
  const isEditing = searchParams.get('edit') === '1' && !isArchived && mayUpdate;
  const setEditing = (editing: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (editing) next.set('edit', '1');
        else next.delete('edit');
        return next;
      },
      { replace: true },
    );

  if (isEditing) {
    return (
      <section aria-label={`Editing ${test.name}`} className="grid grid-cols-1 gap-4">
        <p className="text-sm text-muted-foreground">
          Editing <span className="font-medium text-foreground">{test.name}</span>. Changes apply to candidates who
          start the test after you save.
        </p>
        <TestBuilder test={test} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </section>
    );
  }
  return <TestOverview test={test} onEdit={() => setEditing(true)} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function TestOverview({ test, onEdit }: { test: Test; onEdit: () => void }) {
  const navigate = useNavigate();
  const cloneTest = useCloneTest();
  const archiveTest = useArchiveTest();
  const deleteTest = useDeleteTest();
  const restoreTest = useRestoreTest();
  const setFavorite = useSetTestFavorite();
  // A role that may read tests only (a Viewer) has none of the controls that change one.
  const mayUpdate = useAllowed('update:test:own');
  const [confirming, setConfirming] = useState<'archive' | 'delete' | null>(null);
  const status = statusBadges[test.status];
  const questions = test.questions.map(fromStoredQuestion);
  const points = describeTestPoints(test.questions);
  // A test that has been taken keeps its results: it can be archived, not deleted.
  const canDelete = test.attempts.total === 0;
  // The star shows the person's choice at once; the server's answer settles it.
  const isFavorite = setFavorite.isPending ? setFavorite.variables.favorite : test.is_favorite;

  const clone = async () => {
    try {
      const copy = await cloneTest.mutateAsync(test.id);
      toast({ title: 'Test cloned', description: `"${copy.name}" is ready to edit.` });
      navigate(paths.companyTest.getHref({ id: copy.id }));
    } catch (error) {
      toast({
        title: 'Error cloning test',
        description: errorMessage(error, 'Failed to clone test. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const archive = async () => {
    try {
      await archiveTest.mutateAsync(test.id);
      toast({ title: 'Test archived', description: 'Job posts can no longer require it.' });
    } catch (error) {
      toast({
        title: 'Error archiving test',
        description: errorMessage(error, 'Failed to archive test. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setConfirming(null);
    }
  };

  const restore = async () => {
    try {
      await restoreTest.mutateAsync(test.id);
      toast({ title: 'Test restored', description: 'You can edit it and add it to job posts again.' });
    } catch (error) {
      toast({
        title: 'Error restoring test',
        description: errorMessage(error, 'Failed to restore test. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const remove = async () => {
    try {
      await deleteTest.mutateAsync(test.id);
      toast({ title: 'Test deleted' });
      navigate(paths.companyJobs.getHref());
    } catch (error) {
      setConfirming(null);
      // A test someone has taken keeps its results: the server refuses (409) and says to archive instead.
      toast({
        title: 'Error deleting test',
        description:
          isApiError(error) && error.status === 409
            ? error.message || testTexts.deleteHasAttempts
            : errorMessage(error, 'Failed to delete test. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const toggleFavorite = () =>
    setFavorite.mutate(
      { id: test.id, favorite: !isFavorite },
      {
        onError: (error) =>
          toast({
            title: 'Error saving favorite',
            description: errorMessage(error, 'Failed to update favorites. Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card aria-labelledby="test-name">
        <CardHeader className="grid gap-4">
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-2">
              <h2 id="test-name" className="text-xl font-semibold break-words">
                {test.name}
              </h2>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={status.variant}>{status.label}</Badge>
                <Badge variant="secondary">{testTypeLabels[test.type]}</Badge>
              </div>
            </div>
            {mayUpdate && (
              <Button
                variant="ghost"
                size="icon"
                aria-label="Favorite"
                aria-pressed={isFavorite}
                title={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
                onClick={toggleFavorite}
              >
                <StarIcon
                  className={cn(isFavorite ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
                  aria-hidden="true"
                />
              </Button>
            )}
          </div>
          {test.description && (
            <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{test.description}</p>
          )}
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Fact label="Time limit">{test.time_limit} minutes</Fact>
            <Fact label="Passing score">{test.pass_rate}%</Fact>
            <Fact label="Questions">
              {points.summary}
              {points.unscored && <span className="block text-xs text-muted-foreground">{points.unscored}</span>}
              {points.manual && <span className="block text-xs text-muted-foreground">{points.manual}</span>}
            </Fact>
            <Fact label="Linked jobs">{test.linked_jobs}</Fact>
            <Fact label="Attempts">
              {test.attempts.total === 0
                ? 'None yet'
                : `${test.attempts.total}${test.attempts.avg_score === null ? '' : ` · average ${test.attempts.avg_score}%`}`}
            </Fact>
            <Fact label="Last edited">
              <time dateTime={test.updated_at}>{formatDateTime(test.updated_at)}</time>
            </Fact>
          </dl>
          {mayUpdate && (
            <div className="flex flex-wrap gap-2 border-t border-border pt-4">
              {!test.archived && (
                <Button onClick={onEdit}>
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Button>
              )}
              <Button variant="outline" onClick={clone} disabled={cloneTest.isPending}>
                <CopyIcon aria-hidden="true" />
                {cloneTest.isPending ? 'Cloning...' : 'Clone'}
              </Button>
              {test.archived ? (
                <Button variant="outline" onClick={restore} disabled={restoreTest.isPending}>
                  <ArchiveRestoreIcon aria-hidden="true" />
                  {restoreTest.isPending ? 'Restoring...' : 'Restore'}
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setConfirming('archive')}>
                  <ArchiveIcon aria-hidden="true" />
                  Archive
                </Button>
              )}
              {canDelete && (
                <Button variant="outline" className="text-destructive" onClick={() => setConfirming('delete')}>
                  <Trash2Icon aria-hidden="true" />
                  Delete
                </Button>
              )}
            </div>
          )}
        </CardHeader>
      </Card>

      <TestAttemptsSection testId={test.id} />

      <section aria-labelledby="test-questions" className="grid grid-cols-1 gap-3">
        <h2 id="test-questions" className="text-lg font-semibold">
          Questions
        </h2>
        {questions.length === 0 ? (
          <p className="rounded-md border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
            This test has no questions yet.{test.archived ? ' Restore it to add some.' : ' Edit it to add some.'}
          </p>
        ) : (
          <ol className="grid grid-cols-1 gap-3">
            {questions.map((question, index) => (
              <li key={question.id}>
                <QuestionCard number={index + 1} question={question} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <ConfirmDialog
        open={confirming === 'archive'}
        onOpenChange={(open) => setConfirming(open ? 'archive' : null)}
        title="Archive this test?"
        description="Job posts can no longer require an archived test. Candidates who took it keep their results."
        confirmLabel="Archive Test"
        onConfirm={archive}
        pending={archiveTest.isPending}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
        title="Delete this test?"
        description={`"${test.name}" and its questions will be removed for good.`}
        confirmLabel="Delete Test"
        destructive
        onConfirm={remove}
        pending={deleteTest.isPending}
      />
    </div>
  );
}

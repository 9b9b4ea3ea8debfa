import { useQuery } from '@tanstack/react-query';
import { ClipboardPasteIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { PortalPage } from '~/client/components/portal-page';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { PageProps } from '~/client/routes';
import { isScoredQuestion, questionTypeLabels, testTypeLabels } from '~/shared/assessments';
import { paths } from '~/shared/routes';
import { type AttemptReview, attemptTexts, gradingMethodLabels } from '~/shared/test-attempts';
import { AttemptAnswer, type ReviewedQuestion, RubricNote } from './attempt-answer';
import { attemptReviewQueryOptions } from './attempt-api';
import { attemptStatusBadge, dayAndTimeLabel, pendingSentence, plural, pointsNumber } from './attempt-format';
import { GradeAnswer } from './grade-answer-form';
import { IntegrityRecord } from './integrity-record';

// One candidate's attempt at a test (/company/test-attempts/:id), for the company that assigned it: the
// result, every answer beside its key and grade, the integrity record, and a person's grade for the
// answers no key can judge (and a correction for those it did).

// Attempt ids are uuids: anything else cannot be one, so it is not asked for.
const isAttemptId = (id: string | undefined): id is string => z.uuid().safeParse(id).success;

export default function AttemptReviewPage({ pageId }: PageProps) {
  const { id } = useParams();
  const { title } = paths[pageId];
  const isValidId = isAttemptId(id);
  const review = useQuery({ ...attemptReviewQueryOptions(id ?? ''), enabled: isValidId });
  const isNotFound = !isValidId || isNotFoundError(review.error);
  const back = review.data
    ? { to: paths.companyTest.getHref({ id: review.data.test.id }), label: 'Back to Test' }
    : { to: paths.companyJobs.getHref(), label: 'Back to Jobs' };

  return (
    <PortalPage
      title={title}
      documentTitle={review.data ? `${title}: ${review.data.applicant.name}` : title}
      back={back}
    >
      {isNotFound ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 pt-4 sm:pt-6">
            <p className="font-medium">{attemptTexts.notFound}</p>
            <p className="text-sm text-muted-foreground">
              The link may be mistyped, or the attempt belongs to another company. Attempts are listed on each test’s
              page.
            </p>
            <Button variant="outline" asChild>
              <Link to={paths.companyJobs.getHref()}>Go to Jobs & Applications</Link>
            </Button>
          </CardContent>
        </Card>
      ) : review.isPending ? (
        <Card role="status">
          <span className="sr-only">Loading the test attempt</span>
          <CardContent className="grid gap-4 pt-4 sm:pt-6">
            <Skeleton className="h-7 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-28 w-full" />
            ))}
          </CardContent>
        </Card>
      ) : review.isError ? (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{errorMessage(review.error, 'Failed to load the test attempt. Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => review.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : (
        <AttemptReviewView review={review.data} />
      )}
    </PortalPage>
  );
}

function AttemptReviewView({ review }: { review: AttemptReview }) {
  const questionNumbers = new Map(review.questions.map((question, index) => [question.id, index + 1]));
  const firstWaiting = review.questions.findIndex((question) => question.grade?.points === null);
  const isHandedIn = review.status === 'submitted' || review.status === 'graded';
  // Grading is for the roles that may change results (a Viewer reads the grades given).
  const mayGrade = useAllowed('update:test_result:own');
  const canGrade = isHandedIn && mayGrade;
  const pastesInto = (questionId: string) =>
    review.integrity.events.filter((event) => event.type === 'paste' && event.question_id === questionId).length;

  return (
    <div className="grid grid-cols-1 gap-6">
      {review.pending_reviews > 0 && (
        <Alert variant="warning" className="flex-wrap items-center justify-between">
          <p className="font-medium">{pendingSentence(review.pending_reviews)}</p>
          {firstWaiting >= 0 && (
            <a href={`#question-${firstWaiting + 1}`} className="font-medium underline underline-offset-4">
              Go to question {firstWaiting + 1}
            </a>
          )}
        </Alert>
      )}

      <AttemptSummary review={review} />

      <IntegrityRecord integrity={review.integrity} questionNumbers={questionNumbers} />

      <section aria-labelledby="attempt-answers" className="grid grid-cols-1 gap-3">
        <h2 id="attempt-answers" className="text-lg font-semibold">
          Answers
        </h2>
        {!isHandedIn && (
          <p className="text-sm text-muted-foreground">
            {review.status === 'assigned'
              ? 'The applicant has not started this test yet.'
              : 'The applicant is taking this test now: answers are graded once it is submitted.'}
          </p>
        )}
        {review.questions.length > 0 && (
          <ol className="grid grid-cols-1 gap-3">
            {review.questions.map((question, index) => (
              <li key={question.id}>
                <QuestionReview
                  attemptId={review.id}
                  question={question}
                  number={index + 1}
                  canGrade={canGrade && isScoredQuestion(question)}
                  pastes={pastesInto(question.id)}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

const linkClass = 'text-primary underline-offset-4 hover:underline';

function AttemptSummary({ review }: { review: AttemptReview }) {
  const { applicant, test, job } = review;
  const status = attemptStatusBadge(review.status, review.pending_reviews);
  // Until every answer is graded the score counts only what is graded so far.
  const isRunning = review.status !== 'graded';
  return (
    <Card aria-labelledby="attempt-applicant">
      <CardHeader className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-0.5">
            <h2 id="attempt-applicant" className="text-xl font-semibold break-words">
              {applicant.name}
            </h2>
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{applicant.email}</p>
          </div>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <dl className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          <Fact label="Test">
            <Link to={paths.companyTest.getHref({ id: test.id })} className={linkClass}>
              {test.name}
            </Link>
            <span className="block text-xs font-normal text-muted-foreground">
              {testTypeLabels[test.type]} · {test.time_limit} minutes
            </span>
          </Fact>
          <Fact label="Job">
            {job ? (
              <Link to={paths.companyJob.getHref({ id: job.id })} className={linkClass}>
                {job.title}
              </Link>
            ) : (
              <span className="text-muted-foreground">Not for a job</span>
            )}
          </Fact>
          <Fact label="Score">
            {review.score === null ? (
              <span className="text-muted-foreground">Not scored yet</span>
            ) : (
              <span className="flex flex-wrap items-center gap-2">
                <span className="text-lg tabular-nums">{`${review.score}%`}</span>
                {review.passed !== null && !isRunning && (
                  <Badge variant={review.passed ? 'success' : 'danger'}>
                    {review.passed ? 'Passed' : 'Not passed'}
                  </Badge>
                )}
                {isRunning && <span className="text-xs font-normal text-muted-foreground">so far</span>}
              </span>
            )}
            <span className="block text-xs font-normal text-muted-foreground">Pass rate {test.pass_rate}%</span>
          </Fact>
          <Fact label="Points">
            {review.points_earned === null || review.points_possible === null ? (
              <span className="text-muted-foreground">—</span>
            ) : (
              `${pointsNumber(review.points_earned)} of ${pointsNumber(review.points_possible)}`
            )}
          </Fact>
          <Fact label="Started">
            {review.started_at ? (
              <time dateTime={review.started_at}>{dayAndTimeLabel(review.started_at)}</time>
            ) : (
              <span className="text-muted-foreground">Not started</span>
            )}
          </Fact>
          <Fact label="Submitted">
            {review.submitted_at ? (
              <time dateTime={review.submitted_at}>{dayAndTimeLabel(review.submitted_at)}</time>
            ) : (
              <span className="text-muted-foreground">Not submitted</span>
            )}
            {review.closed_by === 'deadline' && (
              <span className="block text-xs font-normal text-amber-900">Closed when the time limit ran out</span>
            )}
          </Fact>
        </dl>
      </CardHeader>
    </Card>
  );
}

function QuestionReview({
  attemptId,
  question,
  number,
  canGrade,
  pastes,
}: {
  attemptId: string;
  question: ReviewedQuestion;
  number: number;
  canGrade: boolean;
  pastes: number;
}) {
  const { grade } = question;
  const isWaiting = grade?.points === null;
  const headingId = `question-${number}-heading`;
  return (
    <article
      id={`question-${number}`}
      aria-labelledby={headingId}
      className={cn(
        'grid min-w-0 grid-cols-1 scroll-mt-20 gap-4 rounded-lg border bg-background p-4 shadow-sm sm:p-6',
        isWaiting ? 'border-amber-400 bg-amber-50/60 ring-1 ring-amber-300' : 'border-border',
      )}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          Question {number}
        </h3>
        <Badge variant="secondary">{questionTypeLabels[question.type]}</Badge>
        <span className="text-xs text-muted-foreground">{plural(question.points, 'point', 'points')}</span>
        {pastes > 0 && (
          <Badge variant="warning">
            <ClipboardPasteIcon className="size-3" aria-hidden="true" />
            {`Pasted ${plural(pastes, 'time', 'times')} into this answer`}
          </Badge>
        )}
        {isWaiting && <Badge variant="warning">Waiting for your grade</Badge>}
      </header>
      <p className="break-words whitespace-pre-wrap">{question.question}</p>
      <div className="grid grid-cols-1 gap-1.5">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Answer</p>
        <AttemptAnswer question={question} />
      </div>
      <RubricNote question={question} />
      {grade && <GradeSummary question={question} grade={grade} />}
      {canGrade && <GradeAnswer attemptId={attemptId} question={question} number={number} />}
    </article>
  );
}

function GradeSummary({
  question,
  grade,
}: {
  question: ReviewedQuestion;
  grade: NonNullable<ReviewedQuestion['grade']>;
}) {
  return (
    <div className="grid gap-1 border-t border-border pt-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Grade</span>
        {grade.method === 'unscored' ? (
          <span className="font-medium">{gradingMethodLabels.unscored}</span>
        ) : grade.points === null ? (
          <span className="font-medium text-amber-900">{`Waiting for your grade · out of ${question.points}`}</span>
        ) : (
          <>
            <span className="font-semibold tabular-nums">{`${pointsNumber(grade.points)} / ${question.points}`}</span>
            <span className="text-muted-foreground">· {gradingMethodLabels[grade.method]}</span>
          </>
        )}
      </p>
      {grade.explanation && <p className="break-words whitespace-pre-wrap">{grade.explanation}</p>}
      {grade.graded_by_name && grade.graded_at && (
        <p className="text-xs text-muted-foreground">
          By {grade.graded_by_name} · <time dateTime={grade.graded_at}>{dayAndTimeLabel(grade.graded_at)}</time>
        </p>
      )}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StarIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { RatingStars } from '~/client/components/rating-stars';
import { ReportButton } from '~/client/components/report-button';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { callApi, errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { queryKeys } from '~/client/lib/query-keys';
import { reviewsContract } from '~/shared/contracts/reviews';
import { possessive } from '~/shared/possessive';
import {
  type AssignmentReviews,
  REVIEW_COMMENT_MAX,
  type Review,
  reviewTexts,
  starsLabel,
  type WriteReviewInput,
  writeReviewSchema,
} from '~/shared/reviews';

// Reviews after work, as one side of an ended assignment sees them: the company from its assignments list,
// the talent from their timesheets. It is in components/ because both portals open it.

export type ReviewerSide = 'company' | 'applicant';

const endpoints = {
  company: { read: reviewsContract.companyAssignmentReviews, write: reviewsContract.writeCompanyReview },
  applicant: { read: reviewsContract.applicantAssignmentReviews, write: reviewsContract.writeApplicantReview },
} as const;

const LOAD_FAILED = 'The reviews could not be loaded. Please try again.';
const SAVE_FAILED = 'Your review was not saved. Please try again.';

const assignmentReviewsQueryOptions = (side: ReviewerSide, assignmentId: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.assignment(side, assignmentId),
    queryFn: () => callApi(endpoints[side].read, { params: { id: assignmentId } }),
  });

const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

// Read-only stars with their words for a screen reader.
export function StarsShown({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={starsLabel(rating)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          aria-hidden="true"
          className={star <= rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-muted-foreground'}
        />
      ))}
    </span>
  );
}

export function AssignmentReviewsDialog({
  side,
  assignmentId,
  title,
  onOpenChange,
}: {
  side: ReviewerSide;
  // Null while closed.
  assignmentId: string | null;
  title: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={assignmentId !== null} onOpenChange={onOpenChange}>
      {assignmentId && (
        <DialogContent
          title={title}
          description="Neither side sees the other’s review until both have written, or 14 days after the assignment ended."
          className="max-w-lg"
        >
          <ReviewsBody side={side} assignmentId={assignmentId} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReviewsBody({ side, assignmentId, onDone }: { side: ReviewerSide; assignmentId: string; onDone: () => void }) {
  const reviews = useQuery(assignmentReviewsQueryOptions(side, assignmentId));
  if (reviews.isPending) {
    return (
      <div className="grid gap-3" role="status">
        <span className="sr-only">Loading the reviews</span>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (reviews.isError) {
    return (
      <Alert variant="destructive" className="items-center justify-between">
        <p>{errorMessage(reviews.error, LOAD_FAILED)}</p>
        <Button variant="outline" size="sm" onClick={() => reviews.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const data = reviews.data;
  return (
    <div className="grid gap-5">
      <TheirReview data={data} />
      {data.can_write ? <ReviewForm side={side} data={data} onDone={onDone} /> : <MyReview data={data} />}
    </div>
  );
}

function TheirReview({ data }: { data: AssignmentReviews }) {
  const heading = `${possessive(data.counterpart_name)} review of you`;
  if (data.theirs) {
    return (
      <section aria-label={heading} className="grid gap-2 rounded-md border border-border p-3">
        <p className="text-sm font-semibold">{heading}</p>
        <ReviewText review={data.theirs} />
        <div>
          <ReportButton
            targetType="review"
            targetId={data.theirs.id}
            targetName={`${possessive(data.counterpart_name)} review`}
          />
        </div>
      </section>
    );
  }
  return (
    <p className="text-sm text-muted-foreground">
      {data.has_their_review
        ? `${data.counterpart_name} has written a review. You will see it once yours is in, or when the review window closes.`
        : `${data.counterpart_name} has not written a review yet.`}
    </p>
  );
}

function ReviewText({ review }: { review: Review }) {
  return (
    <div className="grid gap-1">
      <StarsShown rating={review.rating} />
      <p className="text-sm break-words whitespace-pre-line">{review.comment}</p>
      <p className="text-xs text-muted-foreground">Written {formatDay(review.created_at)}</p>
    </div>
  );
}

function MyReview({ data }: { data: AssignmentReviews }) {
  if (!data.mine) {
    return (
      <p className="text-sm text-muted-foreground">
        {data.window_closes_at
          ? `The review window closed on ${formatDay(data.window_closes_at)}.`
          : reviewTexts.notEnded}
      </p>
    );
  }
  return (
    <section aria-label="Your review" className="grid gap-2">
      <p className="text-sm font-semibold">Your review</p>
      <ReviewText review={data.mine} />
      <p className="text-xs text-muted-foreground">
        {data.mine.revealed_at ? 'Shown to both sides; it can no longer be changed.' : 'The window has closed.'}
      </p>
    </section>
  );
}

function ReviewForm({ side, data, onDone }: { side: ReviewerSide; data: AssignmentReviews; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<WriteReviewInput>({
    defaultValues: { rating: data.mine?.rating ?? 0, comment: data.mine?.comment ?? '' },
    resolver: zodResolver(writeReviewSchema),
  });
  const save = useMutation({
    mutationFn: (input: WriteReviewInput) =>
      callApi(endpoints[side].write, { params: { id: data.assignment_id }, body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.reviews.assignment(side, data.assignment_id), saved);
      // A reveal changes ratings and the lists that show reviews.
      return queryClient.invalidateQueries({ queryKey: queryKeys.talentSearch.all });
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = await save.mutateAsync(values);
      toast({
        title: reviewTexts.saved,
        description: saved.mine?.revealed_at ? reviewTexts.savedRevealed : reviewTexts.savedHidden,
      });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['rating', 'comment'], fallback: SAVE_FAILED }));
    }
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <RatingStars
            label={`Your rating of ${data.counterpart_name}`}
            value={field.value || null}
            onChange={field.onChange}
            error={errors.rating?.message}
          />
        )}
      />
      <FormField
        label="Your review"
        error={errors.comment?.message}
        hint={
          data.window_closes_at
            ? `You can change it until it is shown, and write it until ${formatDay(data.window_closes_at)}.`
            : undefined
        }
      >
        {(control) => <Textarea {...control} rows={4} maxLength={REVIEW_COMMENT_MAX} {...form.register('comment')} />}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel={data.mine ? 'Update Review' : 'Submit Review'}
        pendingLabel="Saving..."
        isPending={isSubmitting}
      />
    </form>
  );
}

// The prompt beside an ended assignment: what is left to do about its reviews, and the button that opens
// them.
export function ReviewPromptCard({
  side,
  assignmentId,
  counterpartName,
}: {
  side: ReviewerSide;
  assignmentId: string;
  counterpartName: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const reviews = useQuery(assignmentReviewsQueryOptions(side, assignmentId));
  let text: string;
  let action = 'See Reviews';
  if (reviews.isPending) text = 'Loading the reviews…';
  else if (reviews.isError) text = errorMessage(reviews.error, LOAD_FAILED);
  else if (reviews.data.can_write && !reviews.data.mine) {
    text = `How was working with ${counterpartName}? Rate them before ${formatDay(reviews.data.window_closes_at ?? new Date().toISOString())}.`;
    action = 'Write a Review';
  } else if (reviews.data.can_write) {
    text = 'Your review is saved and hidden until both have written; you can still change it.';
    action = 'Edit Your Review';
  } else if (reviews.data.theirs || reviews.data.mine?.revealed_at) text = 'The reviews are shown.';
  else text = 'The review window has closed.';
  return (
    <Card aria-labelledby={`review-${assignmentId}`} className="min-w-0">
      <CardHeader>
        <CardTitle id={`review-${assignmentId}`}>Review</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground" role={reviews.isError ? 'alert' : undefined}>
          {text}
        </p>
        <div>
          <Button onClick={() => setIsOpen(true)} disabled={reviews.isPending}>
            <StarIcon aria-hidden="true" />
            {action}
          </Button>
        </div>
      </CardContent>
      <AssignmentReviewsDialog
        side={side}
        assignmentId={isOpen ? assignmentId : null}
        title={`Review ${counterpartName}`}
        onOpenChange={setIsOpen}
      />
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { CostBreakdown } from '~/client/components/invoice-estimate';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { type CompanyTimesheet, returnTimesheetSchema, type Timesheet } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { paths } from '~/shared/routes';
import { useApproveTimesheet, useReturnTimesheet } from './api';
import { formatHours, formatHoursOfWeek } from './hours';
import { TimesheetStatusBadge } from './timesheet-status-badge';
import { dayName, daysOfWeek, formatDate, formatWeek } from './work-format';

export const reviewTexts = {
  overHoursRequired: 'Tick the box to approve the hours over the agreed weekly hours.',
  approveFailed: 'The week was not approved. Please try again.',
  returnFailed: 'The week was not returned. Please try again.',
} as const;

const overMinutesOf = (timesheet: Timesheet) => timesheet.total_minutes - timesheet.weekly_hours * 60;

// The hours a week holds over the agreed ones, as a badge: 'Over by 2.5 h'.
export function OverHoursBadge({ timesheet }: { timesheet: Timesheet }) {
  if (!timesheet.is_over_weekly_hours) return null;
  return <Badge variant="warning">Over by {formatHours(overMinutesOf(timesheet))} h</Badge>;
}

// A week as the company reviews it: its days and total, then Approve (hours over the weekly ones need
// the explicit tick) or Return with a comment for the talent.
export function TimesheetReviewDialog({
  timesheet,
  onOpenChange,
}: {
  timesheet: CompanyTimesheet | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={timesheet !== null} onOpenChange={onOpenChange}>
      {timesheet && (
        <DialogContent
          title={`${timesheet.applicant_name} · ${formatWeek(timesheet.week_start)}`}
          description={timesheet.role}
        >
          <TimesheetReview timesheet={timesheet} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

// What the week costs the company (docs/decisions/024): before approving, as the next invoice would bill
// it; approved, still waiting for that invoice; invoiced, at its invoice's rates, with the way to it.
function WeekCostSection({ timesheet }: { timesheet: CompanyTimesheet }) {
  const isBilled = timesheet.invoice_id !== null;
  const title = isBilled ? 'Invoiced' : timesheet.status === 'approved' ? 'Cost' : 'Cost if approved';
  return (
    <section aria-labelledby="week-cost-title" className="grid gap-2 rounded-md border border-border p-3">
      <h3 id="week-cost-title" className="text-sm font-semibold">
        {title}
      </h3>
      <CostBreakdown cost={timesheet.cost} label="Cost of this week" />
      {isBilled ? (
        <Link
          to={`${paths.companyBilling.getHref()}?invoice=${encodeURIComponent(timesheet.invoice_id ?? '')}`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View invoice
        </Link>
      ) : (
        <p className="text-xs text-muted-foreground">
          {timesheet.status === 'approved'
            ? 'Billed on your next weekly invoice.'
            : 'Approving bills it on your next weekly invoice, at today’s platform fee and tax.'}
        </p>
      )}
    </section>
  );
}

function TimesheetReview({ timesheet, onDone }: { timesheet: CompanyTimesheet; onDone: () => void }) {
  const [isReturning, setIsReturning] = useState(false);
  // Approving and returning are for the roles that handle work and money (not a Viewer).
  const mayReview = useAllowed('update:timesheet:own');
  const days = daysOfWeek(timesheet.week_start);
  const minutesOn = (day: string) => timesheet.entries.find((entry) => entry.work_date === day)?.minutes ?? 0;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <TimesheetStatusBadge status={timesheet.status} />
        <OverHoursBadge timesheet={timesheet} />
        {timesheet.submitted_at && (
          <span className="text-sm text-muted-foreground">Submitted {formatDate(timesheet.submitted_at)}</span>
        )}
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">Hours per day</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day} className="border-b border-border">
              <th scope="row" className="py-1.5 text-left font-normal">
                {dayName(day)}
              </th>
              <td className="py-1.5 text-right tabular-nums">{formatHours(minutesOn(day))} h</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left">
              Total
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums">
              {formatHoursOfWeek(timesheet.total_minutes, timesheet.weekly_hours)}
            </td>
          </tr>
        </tfoot>
      </table>
      {timesheet.entries.some((entry) => entry.note) && (
        <section aria-label="The talent’s notes" className="grid gap-1 text-sm">
          <h3 className="font-medium">What {timesheet.applicant_name} did</h3>
          <dl className="grid gap-1">
            {timesheet.entries
              .filter((entry) => entry.note)
              .map((entry) => (
                <div key={entry.work_date} className="grid gap-x-3 sm:grid-cols-[7rem_1fr]">
                  <dt className="text-muted-foreground">{dayName(entry.work_date)}</dt>
                  <dd className="break-words whitespace-pre-line">{entry.note}</dd>
                </div>
              ))}
          </dl>
        </section>
      )}
      <WeekCostSection timesheet={timesheet} />
      {timesheet.status === 'returned' && timesheet.return_comment && (
        <Alert variant="warning" className="flex-col gap-1">
          <AlertTitle>Returned with this comment</AlertTitle>
          <p className="whitespace-pre-line">{timesheet.return_comment}</p>
        </Alert>
      )}
      {timesheet.status !== 'submitted' || !mayReview ? (
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Close
          </Button>
        </DialogFooter>
      ) : isReturning ? (
        <ReturnForm timesheet={timesheet} onBack={() => setIsReturning(false)} onDone={onDone} />
      ) : (
        <ApproveForm timesheet={timesheet} onReturn={() => setIsReturning(true)} onDone={onDone} />
      )}
    </div>
  );
}

function ApproveForm({
  timesheet,
  onReturn,
  onDone,
}: {
  timesheet: CompanyTimesheet;
  onReturn: () => void;
  onDone: () => void;
}) {
  const approve = useApproveTimesheet();
  const [isOverApproved, setIsOverApproved] = useState(false);
  const [overError, setOverError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const isOver = timesheet.is_over_weekly_hours;
  const overLabel = `Approve ${formatHours(overMinutesOf(timesheet))} hours over the agreed ${timesheet.weekly_hours}`;

  async function approveWeek() {
    if (isOver && !isOverApproved) {
      setOverError(reviewTexts.overHoursRequired);
      return;
    }
    setBanner(null);
    try {
      await approve.mutateAsync({ id: timesheet.id ?? '', approve_over_weekly_hours: isOver && isOverApproved });
      toast({
        title: 'Timesheet approved',
        description: `${formatHours(timesheet.total_minutes)} hours of ${timesheet.applicant_name} for ${formatWeek(timesheet.week_start)}: ${formatCents(timesheet.cost.total_cents, timesheet.cost.currency)} on your next invoice.`,
      });
      onDone();
    } catch (error) {
      setBanner(errorMessage(error, reviewTexts.approveFailed));
    }
  }

  return (
    <div className="grid gap-4">
      {isOver && (
        <div className="grid gap-1.5">
          <div className="flex items-center gap-2">
            <Checkbox
              id="approve-over-hours"
              checked={isOverApproved}
              aria-invalid={overError !== null}
              aria-describedby={overError ? 'approve-over-hours-error' : undefined}
              onCheckedChange={(checked) => {
                setIsOverApproved(checked === true);
                if (checked === true) setOverError(null);
              }}
            />
            <Label htmlFor="approve-over-hours">{overLabel}</Label>
          </div>
          {overError && <FieldError id="approve-over-hours-error">{overError}</FieldError>}
        </div>
      )}
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button variant="outline" disabled={approve.isPending} onClick={onReturn}>
          Return
        </Button>
        <Button disabled={approve.isPending} onClick={approveWeek}>
          {approve.isPending ? 'Approving...' : 'Approve'}
        </Button>
      </DialogFooter>
    </div>
  );
}

function ReturnForm({ timesheet, onBack, onDone }: { timesheet: Timesheet; onBack: () => void; onDone: () => void }) {
  const giveBack = useReturnTimesheet();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<{ comment: string }>({
    defaultValues: { comment: '' },
    resolver: zodResolver(returnTimesheetSchema),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ comment }) => {
    setBanner(null);
    try {
      await giveBack.mutateAsync({ id: timesheet.id ?? '', comment });
      toast({
        title: 'Timesheet returned',
        description: `${timesheet.applicant_name} can correct the week and submit it again.`,
      });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['comment'], fallback: reviewTexts.returnFailed }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField
        label={`Comment for ${timesheet.applicant_name}`}
        error={errors.comment?.message}
        hint="Say what needs changing; they read it on their timesheet."
      >
        {(control) => <Textarea {...control} rows={3} autoFocus {...form.register('comment')} />}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Back"
        onCancel={onBack}
        submitLabel="Return Timesheet"
        pendingLabel="Returning..."
        isPending={isSubmitting}
      />
    </form>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FIXED_PRICE_LABEL, formatHourlyRate, hourlyTermsOf } from '~/client/components/assignment-terms';
import { AssignmentStatusBadge } from '~/client/components/assignments-table';
import { ShiftStatusLabel } from '~/client/components/shift-status';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { formatIsoDay } from '~/client/lib/iso-day';
import type { Assignment } from '~/shared/billing';
import { paths } from '~/shared/routes';

export const describeTalent = (assignment: Assignment) => `${assignment.applicant_name} (${assignment.role})`;

// ---------------------------------------------------------------- details

export function AssignmentDetailsDialog({
  assignment,
  onOpenChange,
}: {
  assignment: Assignment | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={assignment !== null} onOpenChange={onOpenChange}>
      {assignment && (
        <DialogContent title={assignment.applicant_name} description={assignment.role}>
          <AssignmentDetails assignment={assignment} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

// An hourly assignment's rate, hours and the history of their changes; a fixed price's way to its contract,
// where its milestones are.
function AssignmentDetails({ assignment }: { assignment: Assignment }) {
  const terms = hourlyTermsOf(assignment);
  const facts: Array<[string, ReactNode]> = [
    ['Status', <AssignmentStatusBadge key="status" status={assignment.status} />],
    ...(assignment.status === 'active' && terms
      ? ([['Shift', <ShiftStatusLabel key="shift" status={assignment.shift_status} />]] as Array<[string, ReactNode]>)
      : []),
    ...(terms
      ? ([
          ['Rate', formatHourlyRate(terms.rate_cents, assignment.currency)],
          ['Weekly hours', `${terms.weekly_hours} h`],
        ] as Array<[string, ReactNode]>)
      : ([['Pay', FIXED_PRICE_LABEL]] as Array<[string, ReactNode]>)),
    ['Start date', formatIsoDay(assignment.start_date)],
    ...(assignment.end_date ? ([['End date', formatIsoDay(assignment.end_date)]] as Array<[string, string]>) : []),
    ...(assignment.end_reason ? ([['Reason for ending', assignment.end_reason]] as Array<[string, string]>) : []),
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {terms ? <TermsHistory assignment={assignment} /> : <ContractLink assignment={assignment} />}
    </div>
  );
}

function ContractLink({ assignment }: { assignment: Assignment }) {
  return (
    <p className="text-sm">
      Its milestones, their funding and approval are on{' '}
      <Link
        to={paths.companyContract.getHref({ id: assignment.id })}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        the contract
      </Link>
      .
    </p>
  );
}

function TermsHistory({ assignment }: { assignment: Assignment }) {
  return (
    <section aria-labelledby="terms-history-title" className="grid gap-2">
      <h3 id="terms-history-title" className="text-sm font-semibold">
        Terms history
      </h3>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">
              From
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Rate
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Weekly hours
            </th>
          </tr>
        </thead>
        <tbody>
          {assignment.terms.map((terms) => (
            <tr
              key={`${terms.effective_date}:${terms.rate_cents}:${terms.weekly_hours}`}
              className="border-b border-border"
            >
              <td className="py-1.5">{formatIsoDay(terms.effective_date)}</td>
              <td className="py-1.5 tabular-nums">{formatHourlyRate(terms.rate_cents, assignment.currency)}</td>
              <td className="py-1.5 text-right tabular-nums">{terms.weekly_hours} h</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

import { FlagIcon } from 'lucide-react';
import { lazy, useState } from 'react';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/client/components/ui/dialog';
import type { AbuseReportTarget } from '~/shared/admin';

// The form, its schema, zod and react-hook-form load when the dialog opens (decision 037).
const ReportForm = lazy(() => import('./report-form').then((module) => ({ default: module.ReportForm })));

const targetNouns: Record<AbuseReportTarget, string> = {
  applicant_profile: 'profile',
  job: 'job',
  message: 'message',
  review: 'review',
};

interface ReportButtonProps {
  targetType: AbuseReportTarget;
  targetId: string;
  // What is reported, for the dialog and the button's accessible name ("Report Jane Doe's profile").
  targetName?: string;
  // A small icon button (in a message's corner) rather than a labelled one.
  compact?: boolean;
}

// The Report button on a profile, a job or a message: a reason in a dialog, sent to the
// administrators (POST /api/reports), then a toast. A second report of the same thing while the first is
// open is refused by the server with a sentence, shown in the dialog.
export function ReportButton({ targetType, targetId, targetName, compact = false }: ReportButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const noun = targetNouns[targetType];
  const label = targetName ? `Report ${targetName}` : `Report this ${noun}`;
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        {compact ? (
          <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={label} title={label}>
            <FlagIcon aria-hidden="true" />
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" aria-label={label}>
            <FlagIcon aria-hidden="true" />
            Report
          </Button>
        )}
      </DialogTrigger>
      <DialogContent
        title={`Report this ${noun}`}
        description="Tell the administrators what is wrong. They review every report; the person is not told who reported."
      >
        {isOpen && (
          <DeferredDialogBody>
            <ReportForm targetType={targetType} targetId={targetId} noun={noun} onDone={() => setIsOpen(false)} />
          </DeferredDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}

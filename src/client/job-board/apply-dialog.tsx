import { lazy } from 'react';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import type { Currency } from '~/shared/currencies';
import type { EngagementType } from '~/shared/job-texts';
import type { ScreeningQuestion } from '~/shared/screening-questions';

// The form, its checks, zod and react-hook-form load when the dialog opens (decision 037).
const ApplyForm = lazy(() => import('./apply-form').then((module) => ({ default: module.ApplyForm })));

// The apply dialog (docs/spec/portal-and-public-site.md §2, §3 "Application", §5, §8): a cover letter, required
// in the spec's words, and an optional hourly rate. Success says 'Application submitted!' and closes, with
// the skills tests now waiting and a way into the first (waiting-tests.tsx); the server's reason for a
// refusal (applied already, the job closed, an unconfirmed address) is shown as it is, anything else with
// the spec's error notification.

export interface ApplyDialogProps {
  // budget_total: a fixed-price job's budget, in its currency (the company's billing currency).
  job: {
    id: string;
    title: string;
    company_name: string;
    engagement_type: EngagementType;
    budget_total: number | null;
    currency: Currency;
    screening_questions: ScreeningQuestion[];
  };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ApplyDialog({ job, open, onOpenChange }: ApplyDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Apply to ${job.title}`}
        description={`Your application goes to ${job.company_name}.`}
        className={job.engagement_type === 'fixed' ? 'max-w-2xl' : undefined}
      >
        {/* Mounted while open only: a dialog opened again starts empty. */}
        {open && (
          <DeferredDialogBody>
            <ApplyForm job={job} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
          </DeferredDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}

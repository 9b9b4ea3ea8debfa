import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlagIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { callApi } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { queryKeys } from '~/client/lib/query-keys';
import type { AbuseReportTarget } from '~/shared/admin';
import {
  abuseReportTexts,
  type CreateAbuseReportInput,
  createAbuseReportSchema,
  REPORT_REASON_MAX,
} from '~/shared/admin-dashboard';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';

const REPORT_FAILED = 'Your report could not be sent. Please try again.';

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
          <ReportForm targetType={targetType} targetId={targetId} noun={noun} onDone={() => setIsOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({
  targetType,
  targetId,
  noun,
  onDone,
}: {
  targetType: AbuseReportTarget;
  targetId: string;
  noun: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<CreateAbuseReportInput>({
    defaultValues: { targetType, targetId, reason: '' },
    resolver: zodResolver(createAbuseReportSchema),
  });
  const send = useMutation({
    mutationFn: (input: CreateAbuseReportInput) => callApi(adminDashboardContract.fileReport, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminDashboard.all }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await send.mutateAsync(values);
      toast({ title: abuseReportTexts.sentTitle, description: abuseReportTexts.sent });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['reason'], fallback: REPORT_FAILED }));
    }
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField
        label="Reason"
        error={errors.reason?.message}
        hint={`What is wrong with this ${noun}: spam, a scam, abuse, false details…`}
      >
        {(control) => <Textarea {...control} rows={4} maxLength={REPORT_REASON_MAX} {...form.register('reason')} />}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Send Report"
        pendingLabel="Sending..."
        isPending={isSubmitting}
      />
    </form>
  );
}

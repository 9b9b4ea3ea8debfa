import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
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

// The Report dialog's form (ReportButton loads it when the dialog opens): a reason, sent to the
// administrators (POST /api/reports), then a toast.
export function ReportForm({
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

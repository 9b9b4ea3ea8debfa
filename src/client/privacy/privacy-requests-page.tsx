import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { FilterSelect } from '~/client/components/filter-select';
import { PageMeta } from '~/client/components/page-meta';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { useListSearch } from '~/client/lib/list-search';
import type { PageProps } from '~/client/routes';
import type { PrivacyRequestStatus } from '~/shared/admin';
import { possessive } from '~/shared/possessive';
import {
  type AdminPrivacyRequest,
  adminPrivacyRequestFilterLabels,
  adminPrivacyRequestFilters,
  privacyTexts,
  type RejectPrivacyRequestInput,
  rejectPrivacyRequestSchema,
} from '~/shared/privacy';
import { paths } from '~/shared/routes';
import { adminPrivacyRequestListQueryOptions, useCompletePrivacyRequest, useRejectPrivacyRequest } from './api';
import { privacyRequestsSearch, toPrivacyRequestListQuery } from './privacy-requests-search';

const COMPLETE_FAILED = 'The account could not be deleted. Please try again.';
const REJECT_FAILED = 'The request could not be rejected. Please try again.';

const statusBadges: Record<PrivacyRequestStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'info' },
  completed: { label: 'Completed', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'neutral' },
};
const kindLabels = { erasure: 'Account deletion', export: 'Data export' } as const;
const roleLabels = {
  applicant: 'Applicant',
  company: 'Company',
  admin: 'Administrator',
  account_manager: 'Account manager',
};
const day = (value: string) => format(new Date(value), 'MMM d, yyyy');

// /admin/privacy-requests (docs/decisions/014-privacy-erasure-and-retention.md): the GDPR requests to answer
// within the month, oldest due first with the overdue ones flagged; Complete anonymises the account, Reject
// says why.
export function PrivacyRequestsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const search = useListSearch(privacyRequestsSearch);
  const query = toPrivacyRequestListQuery(search.state);
  const requests = useQuery(adminPrivacyRequestListQueryOptions(query));
  const complete = useCompletePrivacyRequest();
  const [dialog, setDialog] = useState<{ mode: 'complete' | 'reject'; request: AdminPrivacyRequest } | null>(null);
  const overdue = requests.data?.overdue ?? 0;

  const confirmComplete = (request: AdminPrivacyRequest) =>
    complete.mutate(request.id, {
      onSuccess: () => {
        setDialog(null);
        toast({
          title: privacyTexts.completed,
          description: `${possessive(request.user.name)} account was anonymised.`,
        });
      },
      onError: (error) =>
        toast({ title: 'Deletion failed', description: errorMessage(error, COMPLETE_FAILED), variant: 'destructive' }),
    });

  const columns: DataListColumn<AdminPrivacyRequest>[] = [
    {
      id: 'person',
      phone: 'title',
      header: 'Person',
      cell: (request) => (
        <div className="min-w-0">
          <p className="font-medium">{request.user.name}</p>
          <p className="text-sm wrap-anywhere text-muted-foreground">
            {request.user.email} · {roleLabels[request.user.role]}
          </p>
        </div>
      ),
    },
    {
      id: 'kind',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Request',
      cell: (request) => kindLabels[request.kind],
    },
    {
      id: 'requested',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Requested',
      className: 'whitespace-nowrap',
      cell: (request) => (
        <>
          <PhoneLabel>Requested</PhoneLabel>
          {day(request.created_at)}
        </>
      ),
    },
    {
      id: 'due',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Due',
      className: 'whitespace-nowrap',
      cell: (request) => (
        <span className="inline-flex items-center gap-2">
          <PhoneLabel>Due</PhoneLabel>
          {day(request.due_at)}
          {request.is_overdue && <Badge variant="danger">Overdue</Badge>}
        </span>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Status',
      cell: (request) => (
        <div className="grid gap-1">
          <Badge variant={statusBadges[request.status].variant} className="w-fit">
            {statusBadges[request.status].label}
          </Badge>
          {request.status !== 'pending' && (
            <p className="text-xs text-muted-foreground">
              {request.processed_at && day(request.processed_at)}
              {request.processed_by && ` by ${request.processed_by}`}
              {request.reason && ` — ${request.reason}`}
            </p>
          )}
          {request.status === 'pending' && request.unpaid_invoices > 0 && (
            <p className="text-xs font-medium text-amber-900">
              {request.unpaid_invoices === 1 ? '1 unpaid invoice' : `${request.unpaid_invoices} unpaid invoices`}
            </p>
          )}
        </div>
      ),
    },
    {
      id: 'actions',
      // Two buttons: on a phone they get a line of their own, under the details.
      phone: 'detail',
      phoneOrder: 5,
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (request) =>
        request.status === 'pending' && request.kind === 'erasure' ? (
          <div className="flex gap-2 md:justify-end">
            <Button
              size="sm"
              variant="destructive"
              aria-label={`Complete the request of ${request.user.name}`}
              onClick={() => setDialog({ mode: 'complete', request })}
            >
              Complete
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Reject the request of ${request.user.name}`}
              onClick={() => setDialog({ mode: 'reject', request })}
            >
              Reject
            </Button>
          </div>
        ) : null,
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <FilterSelect
        label="Status"
        className="sm:w-44"
        value={query.status}
        options={adminPrivacyRequestFilters}
        labels={adminPrivacyRequestFilterLabels}
        // Pending requests are the default: the URL leaves them out.
        onChange={(status) => search.change({ status: status === 'pending' ? null : status })}
      />
    </div>
  );

  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Requests to delete an account, answered within one month. Completing one anonymises the account; its invoices
          and payments stay with the company for 7 years.
        </p>
      </div>
      {overdue > 0 && (
        <Alert variant="destructive">
          <AlertTitle>{overdue === 1 ? '1 request is overdue' : `${overdue} requests are overdue`}</AlertTitle>
          <p>The policy answers every request within one month. Process the overdue ones first.</p>
        </Alert>
      )}
      <DataList
        label="Privacy requests"
        noun="requests"
        query={requests}
        columns={columns}
        rowKey={(request) => request.id}
        search={search}
        errorTitle="Failed to load privacy requests"
        errorText={errorMessage(requests.error, 'Please check your connection and try again.')}
        empty={{
          icon: ShieldCheckIcon,
          filtered: { title: 'No requests here', description: 'Nothing matches this status.' },
          none: {
            title: 'No pending requests',
            description: 'Requests appear here when someone asks to delete their account.',
          },
        }}
        toolbar={toolbar}
      />
      {dialog && (
        <ConfirmDialog
          open={dialog.mode === 'complete'}
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
          title={`Delete ${possessive(dialog.request.user.name)} account?`}
          description="Their name, email, profile, messages and sign-in details are removed and they are signed out for good. Invoices and payments stay with the company for 7 years. This cannot be undone."
          confirmLabel="Complete Deletion"
          destructive
          pending={complete.isPending}
          onConfirm={() => confirmComplete(dialog.request)}
        />
      )}
      <Dialog
        open={dialog?.mode === 'reject'}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      >
        {dialog && (
          <DialogContent
            title="Reject this request?"
            description={`${dialog.request.user.name} is emailed the reason and keeps their account. They may ask again later.`}
          >
            <RejectForm request={dialog.request} onDone={() => setDialog(null)} />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

function RejectForm({ request, onDone }: { request: AdminPrivacyRequest; onDone: () => void }) {
  const reject = useRejectPrivacyRequest();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<RejectPrivacyRequestInput>({
    defaultValues: {
      reason: request.unpaid_invoices > 0 ? 'Your company has unpaid invoices. Please pay them, then ask again.' : '',
    },
    resolver: zodResolver(rejectPrivacyRequestSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reason }) => {
    setBanner(null);
    try {
      await reject.mutateAsync({ requestId: request.id, reason });
      toast({ title: privacyTexts.rejected, description: `${request.user.name} was emailed the reason.` });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['reason'], fallback: REJECT_FAILED }));
    }
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField label="Reason" error={errors.reason?.message} hint="Sent to the person by email.">
        {(control) => <Textarea {...control} rows={4} maxLength={1000} {...form.register('reason')} />}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Reject Request"
        pendingLabel="Rejecting..."
        isPending={isSubmitting}
      />
    </form>
  );
}

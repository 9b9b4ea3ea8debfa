import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { DELETION_CONFIRMATION, type PrivacyRequest, privacyTexts } from '~/shared/privacy';
import { downloadMyData, myPrivacyRequestsQueryOptions, useCancelDeletion, useRequestDeletion } from './api';

const DOWNLOAD_FAILED = 'Your data could not be downloaded. Please try again.';
const REQUEST_FAILED = 'Your request could not be sent. Please try again.';
const CANCEL_FAILED = 'Your request could not be cancelled. Please try again.';

const day = (value: string) => format(new Date(value), 'MMMM d, yyyy');

// Settings → Privacy: download a copy of everything Tandem holds about you; ask for your
// account to be deleted, and cancel the request while it waits for an administrator.
export function PrivacySection() {
  const requests = useQuery(myPrivacyRequestsQueryOptions());
  const [isDownloading, setIsDownloading] = useState(false);

  async function download() {
    setIsDownloading(true);
    try {
      await downloadMyData();
      toast({ title: 'Your data is downloading', description: 'A zip with data.json and a CSV per kind of record.' });
    } catch (error) {
      toast({ title: 'Download failed', description: errorMessage(error, DOWNLOAD_FAILED), variant: 'destructive' });
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <Card aria-labelledby="privacy-title">
      <CardHeader>
        <CardTitle id="privacy-title">Privacy</CardTitle>
        <CardDescription>
          Download a copy of everything Tandem holds about you, or ask for your account to be deleted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2 sm:flex sm:items-center sm:justify-between sm:gap-4">
          <div className="space-y-1 text-sm">
            <h3 className="font-medium">Download my data</h3>
            <p className="text-muted-foreground">
              Your account, profile, applications, messages, meetings, timesheets, notifications and sessions, as JSON
              and CSV files in one zip.
            </p>
          </div>
          <Button variant="outline" className="shrink-0" disabled={isDownloading} onClick={download}>
            <DownloadIcon aria-hidden="true" />
            {isDownloading ? 'Preparing...' : 'Download my data'}
          </Button>
        </div>
        <div className="grid gap-3 border-t border-border pt-6">
          <div className="space-y-1 text-sm">
            <h3 className="font-medium">Delete my account</h3>
            <p className="text-muted-foreground">
              Your profile, messages, applications and sign-in details are removed. Invoices and payments are kept for 7
              years, as the law requires. An administrator processes the request within one month.
            </p>
          </div>
          {requests.isPending && (
            <div role="status">
              <span className="sr-only">Loading your privacy requests</span>
              <Skeleton className="h-9 w-44" />
            </div>
          )}
          {requests.isError && (
            <Alert variant="destructive">
              <div className="space-y-2">
                <p>{errorMessage(requests.error, 'Failed to load your privacy requests. Please try again.')}</p>
                <Button size="sm" variant="outline" onClick={() => requests.refetch()}>
                  Try Again
                </Button>
              </div>
            </Alert>
          )}
          {requests.isSuccess &&
            (requests.data.pending_erasure ? (
              <PendingDeletion request={requests.data.pending_erasure} />
            ) : (
              <DeleteAccountButton hasPassword={requests.data.has_password} />
            ))}
        </div>
      </CardContent>
    </Card>
  );
}

function PendingDeletion({ request }: { request: PrivacyRequest }) {
  const cancel = useCancelDeletion();
  return (
    <Alert>
      <div className="grid gap-3 sm:flex sm:items-center sm:justify-between">
        <div>
          <AlertTitle>{privacyTexts.requested}</AlertTitle>
          <p className="text-sm">
            You asked on {day(request.created_at)} for your account to be deleted. An administrator will process it by{' '}
            {day(request.due_at)}; until then you can cancel.
          </p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => toast({ title: privacyTexts.cancelled, description: 'Your account stays as it is.' }),
              onError: (error) =>
                toast({
                  title: 'Cancel failed',
                  description: errorMessage(error, CANCEL_FAILED),
                  variant: 'destructive',
                }),
            })
          }
        >
          {cancel.isPending ? 'Cancelling...' : 'Cancel Request'}
        </Button>
      </div>
    </Alert>
  );
}

function DeleteAccountButton({ hasPassword }: { hasPassword: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <div>
        <Button variant="destructive" onClick={() => setIsOpen(true)}>
          <Trash2Icon aria-hidden="true" />
          Delete my account
        </Button>
      </div>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent
          title="Delete your account?"
          description="Your profile, messages, applications and sign-in details will be removed and you will not be able to sign in again. Invoices and payments are kept for 7 years. An administrator processes the request within one month; until then you can cancel it."
        >
          {isOpen && <DeletionForm hasPassword={hasPassword} onDone={() => setIsOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

const deletionFormSchema = (hasPassword: boolean) =>
  z.object({
    password: hasPassword ? z.string().min(1, { message: privacyTexts.passwordRequired }) : z.string(),
    confirmation: hasPassword
      ? z.string()
      : z.string().refine((value) => value.trim().toUpperCase() === DELETION_CONFIRMATION, {
          message: privacyTexts.confirmationRequired,
        }),
  });
type DeletionFormValues = z.infer<ReturnType<typeof deletionFormSchema>>;

function DeletionForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const requestDeletion = useRequestDeletion();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<DeletionFormValues>({
    defaultValues: { password: '', confirmation: '' },
    resolver: zodResolver(deletionFormSchema(hasPassword)),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await requestDeletion.mutateAsync(
        hasPassword ? { password: values.password } : { confirmation: values.confirmation },
      );
      toast({
        title: privacyTexts.requested,
        description: 'An administrator will process it within one month. We emailed you a confirmation.',
      });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['password', 'confirmation'], fallback: REQUEST_FAILED }));
    }
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      {hasPassword ? (
        <FormField label="Password" error={errors.password?.message} hint="The password you sign in with.">
          {(control) => (
            <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
      ) : (
        <FormField
          label="Confirmation"
          error={errors.confirmation?.message}
          hint={`You sign in through an identity provider: type ${DELETION_CONFIRMATION} to confirm.`}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('confirmation')} />}
        </FormField>
      )}
      <DialogFormFooter
        banner={banner}
        cancelLabel="Keep My Account"
        onCancel={onDone}
        submitLabel="Request Deletion"
        pendingLabel="Requesting..."
        isPending={isSubmitting}
        destructive
      />
    </form>
  );
}

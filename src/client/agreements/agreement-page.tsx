import { useQuery } from '@tanstack/react-query';
import { BanIcon, BellRingIcon, DownloadIcon, SendIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { PortalPage } from '~/client/components/portal-page';
import { TextAreaField } from '~/client/components/text-area-field';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Card, CardContent } from '~/client/components/ui/card';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import type { PageProps } from '~/client/routes';
import {
  type AgreementDetail,
  DECLINE_REASON_MAX_LENGTH,
  declineAgreementSchema,
  signingTexts,
} from '~/shared/agreements';
import { paths } from '~/shared/routes';
import { AgreementPreview } from './agreement-preview';
import { AgreementStateBadge } from './agreement-state-badge';
import {
  type AgreementSide,
  agreementPdfHref,
  agreementQueryOptions,
  useAgreementAction,
  useDeclineAgreement,
} from './api';
import { SignAgreementForm } from './sign-agreement-form';

const sides: Partial<Record<PageProps['pageId'], AgreementSide>> = {
  applicantAgreement: 'applicant',
  companyAgreement: 'company',
  adminAgreement: 'admin',
};
const listOf = {
  applicant: paths.applicantAgreements,
  company: paths.companyAgreements,
  admin: paths.adminAgreements,
} as const;

const formatMoment = (at: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(at)) +
  ' UTC';

// One agreement (/applicant/agreements/:id, /company/agreements/:id, /admin/agreements/:id; issue 57): its words as
// sent, who has signed, and what this reader may do — the talent signs or declines, the company countersigns,
// reminds, voids or sends it again, everyone downloads the sealed PDF once all have signed.
export default function AgreementPage({ pageId }: PageProps) {
  const { id = '' } = useParams();
  const side = sides[pageId] ?? 'applicant';
  const isAgreementId = z.uuid().safeParse(id).success;
  const agreement = useQuery({ ...agreementQueryOptions(side, id), enabled: isAgreementId });
  const list = listOf[side];
  const data = agreement.data;

  return (
    <PortalPage
      title={data?.title ?? paths[pageId].title}
      back={{ to: list.getHref(), label: `Back to ${list.title}` }}
      description={
        data
          ? side === 'applicant'
            ? `From ${data.company_name}${data.role ? ` for ${data.role}` : ''}.`
            : `${data.talent_name}${data.role ? `, ${data.role}` : ''}${side === 'admin' ? ` at ${data.company_name}` : ''}.`
          : undefined
      }
    >
      {!isAgreementId || (agreement.isError && isNotFoundError(agreement.error)) ? (
        <Alert variant="destructive">{signingTexts.notFound}</Alert>
      ) : agreement.isError ? (
        <Alert variant="destructive">
          {errorMessage(agreement.error, signingTexts.loadError)}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => agreement.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data ? (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading the agreement">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <AgreementBody agreement={data} side={side} />
      )}
    </PortalPage>
  );
}

function AgreementBody({ agreement, side }: { agreement: AgreementDetail; side: AgreementSide }) {
  const state = agreement.state;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <AgreementStateBadge state={state} />
        <span className="text-sm text-muted-foreground">
          Sent {formatIsoDay(agreement.sent_at.slice(0, 10))}
          {agreement.completed_at
            ? `, signed by everyone ${formatIsoDay(agreement.completed_at.slice(0, 10))}`
            : state === 'awaiting_talent' || state === 'awaiting_company'
              ? `, to be signed by ${formatIsoDay(agreement.expires_at.slice(0, 10))}`
              : ''}
        </span>
        {agreement.sealed && (
          <a
            href={agreementPdfHref(side, agreement.id)}
            download
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <DownloadIcon aria-hidden="true" />
            Download signed PDF
          </a>
        )}
      </div>
      {agreement.blocks_work && state !== 'completed' && state !== 'voided' && (
        <Alert>{signingTexts.awaitingSignatures}</Alert>
      )}
      {state === 'declined' && agreement.decline_reason && (
        <Alert variant="destructive">Declined: “{agreement.decline_reason}”</Alert>
      )}
      <AgreementPreview body={agreement.body} label={`The text of ${agreement.title}`} />
      <Signatures agreement={agreement} />
      {agreement.can_sign && side !== 'admin' && (
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <h2 className="text-lg font-semibold">{side === 'applicant' ? 'Sign this agreement' : 'Countersign'}</h2>
            <SignAgreementForm agreementId={agreement.id} side={side} />
          </CardContent>
        </Card>
      )}
      {side === 'applicant' && agreement.can_sign && <DeclineButton agreementId={agreement.id} />}
      {side === 'company' && <CompanyActions agreement={agreement} />}
      {agreement.sealed_sha256 && (
        <p className="text-xs break-all text-muted-foreground">
          Sealed PDF SHA-256: <span className="font-mono">{agreement.sealed_sha256}</span>
        </p>
      )}
    </div>
  );
}

function Signatures({ agreement }: { agreement: AgreementDetail }) {
  const parties = [
    { party: 'talent' as const, name: agreement.talent_name },
    ...(agreement.countersign ? [{ party: 'company' as const, name: agreement.company_name }] : []),
  ];
  return (
    <section aria-labelledby="signatures-heading" className="grid gap-3">
      <h2 id="signatures-heading" className="text-lg font-semibold">
        Signatures
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {parties.map(({ party, name }) => {
          const signature = agreement.signatures.find((candidate) => candidate.party === party);
          return (
            <li key={party} className="grid gap-1 rounded-md border border-border p-4">
              <span className="text-sm text-muted-foreground">{party === 'talent' ? 'Talent' : 'Company'}</span>
              {signature ? (
                <>
                  {signature.kind === 'drawn' && signature.drawing ? (
                    <img
                      src={signature.drawing}
                      alt={`Signature of ${signature.signer_name}`}
                      className="h-16 w-auto self-start"
                    />
                  ) : (
                    <span className="font-serif text-2xl italic [overflow-wrap:anywhere]">{signature.typed_name}</span>
                  )}
                  <span className="text-sm [overflow-wrap:anywhere]">
                    <bdi>{signature.signer_name}</bdi>, {formatMoment(signature.signed_at)}
                  </span>
                </>
              ) : (
                <span className="text-sm [overflow-wrap:anywhere]">
                  Not signed yet (<bdi>{name}</bdi>)
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DeclineButton({ agreementId }: { agreementId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decline = useDeclineAgreement();
  const submit = async () => {
    const parsed = declineAgreementSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? signingTexts.declineReasonRequired);
      return;
    }
    try {
      const { message } = await decline.mutateAsync({ id: agreementId, reason: parsed.data.reason });
      toast({ title: message });
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure, 'The agreement could not be declined. Please try again.'));
    }
  };
  return (
    <div>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <XCircleIcon aria-hidden="true" />
        Decline to sign
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Decline to sign"
          description="The company reads your reason and may send a changed agreement."
        >
          {open && (
            <form
              noValidate
              className="grid gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <TextAreaField
                label="Why you decline"
                value={reason}
                onChange={(value) => {
                  setReason(value);
                  setError(null);
                }}
                maxLength={DECLINE_REASON_MAX_LENGTH}
                error={error ?? undefined}
              />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={decline.isPending}>
                  {decline.isPending ? 'Declining...' : 'Decline'}
                </Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function CompanyActions({ agreement }: { agreement: AgreementDetail }) {
  const mayAct = useAllowed('update:agreement:own');
  const remind = useAgreementAction('remind');
  const voidIt = useAgreementAction('void');
  const resend = useAgreementAction('resend');
  const [confirmVoid, setConfirmVoid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!mayAct) return null;
  const { state } = agreement;
  const run = async (
    action: { mutateAsync: (id: string) => Promise<{ message: string }> },
    fallback: string,
    after?: () => void,
  ) => {
    setFailure(null);
    try {
      const answer = await action.mutateAsync(agreement.id);
      toast({ title: answer.message });
      after?.();
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    }
  };
  const open = state === 'awaiting_talent' || state === 'awaiting_company';
  const closed = state === 'declined' || state === 'voided' || state === 'expired';
  if (!open && !closed) return null;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {state === 'awaiting_talent' && (
          <Button
            variant="outline"
            disabled={remind.isPending}
            onClick={() => run(remind, 'The reminder could not be sent.')}
          >
            <BellRingIcon aria-hidden="true" />
            Remind talent
          </Button>
        )}
        {closed && (
          <Button disabled={resend.isPending} onClick={() => run(resend, 'The agreement could not be sent again.')}>
            <SendIcon aria-hidden="true" />
            Send again
          </Button>
        )}
        {(open || state === 'declined' || state === 'expired') && (
          <Button variant="outline" onClick={() => setConfirmVoid(true)}>
            <BanIcon aria-hidden="true" />
            Void
          </Button>
        )}
      </div>
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <ConfirmDialog
        open={confirmVoid}
        onOpenChange={setConfirmVoid}
        title="Void this agreement?"
        description="Nobody can sign it any more, and it no longer holds the work back. Send it again to ask for a signature later."
        confirmLabel="Void Agreement"
        destructive
        pending={voidIt.isPending}
        onConfirm={() => run(voidIt, 'The agreement could not be voided.', () => setConfirmVoid(false))}
      />
    </div>
  );
}

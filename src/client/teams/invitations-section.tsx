import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { MailIcon, RotateCwIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { relativeDateLabel } from '~/client/lib/relative-date';
import { companyRoleLabels, type TeamInvitation, teamTexts } from '~/shared/teams';
import { TEAM_PAGE_SIZE, teamInvitationsQueryOptions, useResendInvitation, useRevokeInvitation } from './api';

const dayLabel = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

// The invitations not yet accepted: who, as what, sent when, until when; Resend (a new link for 7 more
// days) and Revoke for those who manage the team.
export function InvitationsSection({ canManage }: { canManage: boolean }) {
  const [page, setPage] = useState(1);
  const invitations = useQuery(teamInvitationsQueryOptions(page));
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const failed = (error: unknown) =>
    toast({ title: 'Error', description: errorMessage(error, teamTexts.actionFailed), variant: 'destructive' });

  function handleResend(invitation: TeamInvitation) {
    resend.mutate(invitation.id, {
      onSuccess: (sent) =>
        toast({
          title: 'Invitation sent again',
          description: `A new link went to ${sent.email}; it works until ${dayLabel(sent.expires_at)}. The old link no longer works.`,
        }),
      onError: failed,
    });
  }

  function confirmRevoke() {
    if (!revoking) return;
    const invitation = revoking;
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` }),
      onError: failed,
      onSettled: () => setRevoking(null),
    });
  }

  return (
    <Card aria-labelledby="team-invitations-title">
      <CardHeader>
        <CardTitle id="team-invitations-title">Pending invitations</CardTitle>
        <CardDescription>Invitations not yet accepted. A link works once, for 7 days.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {invitations.isPending && (
          <div className="space-y-3" role="status">
            <span className="sr-only">Loading the pending invitations</span>
            <Skeleton className="h-12 w-full" />
          </div>
        )}
        {invitations.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(invitations.error, teamTexts.loadInvitationsFailed)}</p>
              <Button size="sm" variant="outline" onClick={() => invitations.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {invitations.isSuccess && invitations.data.items.length === 0 && (
          <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
            {teamTexts.noInvitations}
          </p>
        )}
        {invitations.isSuccess && invitations.data.items.length > 0 && (
          <>
            <ul aria-label="Pending invitations" className="divide-y divide-border rounded-md border border-border">
              {invitations.data.items.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <MailIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                      <span className="break-all">{invitation.email}</span>
                      <Badge variant="secondary">{companyRoleLabels[invitation.role]}</Badge>
                      {invitation.is_expired && <Badge variant="warning">Expired</Badge>}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Sent {relativeDateLabel(invitation.sent_at).toLowerCase()}
                      {invitation.invited_by && ` by ${invitation.invited_by}`} ·{' '}
                      {invitation.is_expired ? 'expired' : 'expires'} {dayLabel(invitation.expires_at)}
                    </p>
                  </div>
                  {canManage && (
                    <div className="flex shrink-0 gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={resend.isPending && resend.variables === invitation.id}
                        onClick={() => handleResend(invitation)}
                        aria-label={`Resend the invitation to ${invitation.email}`}
                      >
                        <RotateCwIcon aria-hidden="true" />
                        Resend
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setRevoking(invitation)}
                        aria-label={`Revoke the invitation to ${invitation.email}`}
                      >
                        <XIcon aria-hidden="true" />
                        Revoke
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={TEAM_PAGE_SIZE}
              total={invitations.data.total}
              onPageChange={setPage}
              noun="invitations"
            />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke the invitation to ${revoking?.email ?? ''}?`}
        description="The link in their email stops working at once. You can invite the address again later."
        confirmLabel="Revoke Invitation"
        destructive
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}

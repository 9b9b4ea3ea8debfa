import { LogOutIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { type CurrentUser, principalOfUser } from '~/shared/auth';
import { can } from '~/shared/permissions';
import { companyRoleLabels, teamTexts } from '~/shared/teams';
import { useLeaveCompany } from './api';
import { InvitationsSection } from './invitations-section';
import { InviteDialog } from './invite-dialog';
import { MembersSection, type TeamViewer } from './members-section';

interface TeamTabProps {
  // A company member (the page renders the tab only for one).
  user: CurrentUser & { company: NonNullable<CurrentUser['company']> };
  // This session ended with the membership: the page asks who is signed in now.
  onLeft: () => void;
}

// Settings → Team: the members, the pending invitations, "Invite colleague", and leaving. Each control is
// drawn only for a member whose role may use it; the server refuses the rest anyway.
export function TeamTab({ user, onLeft }: TeamTabProps) {
  const principal = principalOfUser(user);
  const viewer: TeamViewer = {
    userId: user.id,
    companyName: user.company.name,
    role: user.company.role,
    canManage: can(principal, 'update:company_member:own'),
    canTransfer: can(principal, 'update:company_ownership:own'),
  };
  const canLeave = can(principal, 'delete:company_membership:own');
  const [isInviting, setInviting] = useState(false);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          You are {/^[AEIOU]/.test(companyRoleLabels[user.company.role]) ? 'an' : 'a'}{' '}
          {companyRoleLabels[user.company.role]} of {user.company.name}.
        </p>
        {viewer.canManage && (
          <Button onClick={() => setInviting(true)}>
            <UserPlusIcon aria-hidden="true" />
            Invite colleague
          </Button>
        )}
      </div>
      <MembersSection viewer={viewer} />
      <InvitationsSection canManage={viewer.canManage} />
      {canLeave && <LeaveSection user={user} onLeft={onLeft} />}
      {viewer.canManage && <InviteDialog open={isInviting} onOpenChange={setInviting} />}
    </div>
  );
}

function LeaveSection({ user, onLeft }: TeamTabProps) {
  const leave = useLeaveCompany();
  const [isConfirming, setConfirming] = useState(false);
  const isOwner = user.company.role === 'owner';

  function confirmLeave() {
    leave.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        onLeft();
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Error', description: errorMessage(error, teamTexts.actionFailed), variant: 'destructive' });
      },
    });
  }

  return (
    <Card aria-labelledby="team-leave-title">
      <CardHeader>
        <CardTitle id="team-leave-title">Leave company</CardTitle>
        <CardDescription>
          Your account stays, with no company: you can be invited again.
          {isOwner && ' As an owner, transfer ownership to another member first.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <LogOutIcon aria-hidden="true" />
          Leave {user.company.name}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={`Leave ${user.company.name}?`}
        description="You are signed out everywhere at once; your API tokens and calendar feed stop working, and you lose the company’s conversations, meetings and jobs. Your messages and notes stay, under your name."
        confirmLabel="Leave Company"
        destructive
        pending={leave.isPending}
        onConfirm={confirmLeave}
      />
    </Card>
  );
}

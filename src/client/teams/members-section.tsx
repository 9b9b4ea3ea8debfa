import { useQuery } from '@tanstack/react-query';
import { CrownIcon, UserMinusIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { ToastAction } from '~/client/components/ui/toast';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import type { CompanyRole } from '~/shared/permissions';
import {
  type AssignableRole,
  assignableRoles,
  companyRoleDescriptions,
  companyRoleLabels,
  type TeamMember,
  teamTexts,
} from '~/shared/teams';
import {
  TEAM_PAGE_SIZE,
  teamMembersQueryOptions,
  useChangeMemberRole,
  useRemoveMember,
  useTransferOwnership,
} from './api';

export interface TeamViewer {
  userId: string;
  companyName: string;
  role: CompanyRole;
  // What the signed-in member may do here (shared/permissions.ts; the server checks again).
  canManage: boolean;
  canTransfer: boolean;
}

// The members table: name, email, role, last active, status; a role select and Remove for those who
// manage the team, Make owner for the owner. An owner's row is changed only by an owner.
export function MembersSection({ viewer }: { viewer: TeamViewer }) {
  const [page, setPage] = useState(1);
  const members = useQuery(teamMembersQueryOptions(page));
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [promoting, setPromoting] = useState<TeamMember | null>(null);
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();

  const failed = (error: unknown) =>
    toast({ title: 'Error', description: errorMessage(error, teamTexts.actionFailed), variant: 'destructive' });

  function confirmRemove() {
    if (!removing) return;
    const member = removing;
    remove.mutate(member.user_id, {
      onSuccess: () => toast({ title: 'Member removed', description: `${member.name} is no longer on the team.` }),
      onError: failed,
      onSettled: () => setRemoving(null),
    });
  }

  function confirmTransfer() {
    if (!promoting) return;
    const member = promoting;
    transfer.mutate(member.user_id, {
      onSuccess: () =>
        toast({
          title: 'Ownership transferred',
          description: `${member.name} owns ${viewer.companyName} now; you are an Admin.`,
        }),
      onError: failed,
      onSettled: () => setPromoting(null),
    });
  }

  return (
    <Card aria-labelledby="team-members-title">
      <CardHeader>
        <CardTitle id="team-members-title">Members</CardTitle>
        <CardDescription>Everyone who works in {viewer.companyName} on Tandem, and what each may do.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {members.isPending && (
          <div className="space-y-3" role="status">
            <span className="sr-only">Loading the team</span>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </div>
        )}
        {members.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(members.error, teamTexts.loadMembersFailed)}</p>
              <Button size="sm" variant="outline" onClick={() => members.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {members.isSuccess && (
          <>
            <Table aria-label="Team members">
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Last active</TableHead>
                  <TableHead>Status</TableHead>
                  {(viewer.canManage || viewer.canTransfer) && (
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  )}
                </TableRow>
              </TableHeader>
              <TableBody>
                {members.data.items.map((member) => (
                  <MemberRow
                    key={member.user_id}
                    member={member}
                    viewer={viewer}
                    onRemove={() => setRemoving(member)}
                    onMakeOwner={() => setPromoting(member)}
                  />
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              pageSize={TEAM_PAGE_SIZE}
              total={members.data.total}
              onPageChange={setPage}
              noun="members"
            />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing?.name ?? ''} from ${viewer.companyName}?`}
        description={teamTexts.whatEnds}
        confirmLabel="Remove Member"
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
      <ConfirmDialog
        open={promoting !== null}
        onOpenChange={(open) => {
          if (!open) setPromoting(null);
        }}
        title={`Make ${promoting?.name ?? ''} the owner?`}
        description={`${promoting?.name ?? ''} becomes the Owner of ${viewer.companyName}, and you become an Admin. Only they can give ownership back.`}
        confirmLabel="Transfer Ownership"
        pending={transfer.isPending}
        onConfirm={confirmTransfer}
      />
    </Card>
  );
}

function MemberRow({
  member,
  viewer,
  onRemove,
  onMakeOwner,
}: {
  member: TeamMember;
  viewer: TeamViewer;
  onRemove: () => void;
  onMakeOwner: () => void;
}) {
  const isYou = member.user_id === viewer.userId;
  // An owner's row is an owner's to change; nobody changes their own role or removes themselves here.
  const mayChange = viewer.canManage && !isYou && member.role !== 'owner';
  const mayRemove = viewer.canManage && !isYou && (member.role !== 'owner' || viewer.role === 'owner');
  const mayMakeOwner = viewer.canTransfer && !isYou && member.role !== 'owner';
  return (
    <TableRow>
      {/* The address under the name, at every width: an email column of its own pushed the actions out of
          sight at 1280 px beside the sidebar. */}
      <TableCell className="min-w-44">
        <span className="font-medium">{member.name}</span>
        {isYou && <span className="text-muted-foreground"> (you)</span>}
        <span className="block text-xs break-all text-muted-foreground">{member.email}</span>
      </TableCell>
      <TableCell>{mayChange ? <RoleSelect member={member} /> : companyRoleLabels[member.role]}</TableCell>
      <TableCell className="whitespace-nowrap">
        {member.last_active_at ? (
          <time dateTime={member.last_active_at} title={fullDateLabel(member.last_active_at)}>
            {relativeDateLabel(member.last_active_at)}
          </time>
        ) : (
          <span className="text-muted-foreground">Never</span>
        )}
      </TableCell>
      <TableCell>
        <Badge variant={member.status === 'active' ? 'success' : 'danger'}>
          {member.status === 'active' ? 'Active' : 'Suspended'}
        </Badge>
      </TableCell>
      {(viewer.canManage || viewer.canTransfer) && (
        <TableCell>
          <div className="flex justify-end gap-2">
            {mayMakeOwner && (
              <Button size="sm" variant="outline" onClick={onMakeOwner} aria-label={`Make owner: ${member.name}`}>
                <CrownIcon aria-hidden="true" />
                Make owner
              </Button>
            )}
            {mayRemove && (
              <Button size="sm" variant="outline" onClick={onRemove} aria-label={`Remove ${member.name}`}>
                <UserMinusIcon aria-hidden="true" />
                Remove
              </Button>
            )}
          </div>
        </TableCell>
      )}
    </TableRow>
  );
}

// Choosing a role asks first (what the new role may do), then changes it, with Undo in the toast: a role
// saved on the select's change alone was one stray keypress from a member losing their access.
function RoleSelect({ member }: { member: TeamMember }) {
  const change = useChangeMemberRole();
  const [asked, setAsked] = useState<AssignableRole | null>(null);

  const changeTo = (role: AssignableRole, from: CompanyRole | null) =>
    change.mutate(
      { id: member.user_id, role },
      {
        onSuccess: (changed) => {
          setAsked(null);
          const previous = from && isAssignable(from) ? from : null;
          toast({
            title: 'Role changed',
            description: `${changed.name} is ${companyRoleLabels[changed.role]} now.`,
            action: previous ? (
              <ToastAction
                altText={`Make ${changed.name} ${companyRoleLabels[previous]} again`}
                onClick={() => changeTo(previous, null)}
              >
                Undo
              </ToastAction>
            ) : undefined,
          });
        },
        onError: (error) => {
          setAsked(null);
          toast({ title: 'Error', description: errorMessage(error, teamTexts.actionFailed), variant: 'destructive' });
        },
      },
    );

  return (
    <>
      <NativeSelect
        aria-label={`Role of ${member.name}`}
        value={member.role}
        disabled={change.isPending}
        className="min-w-36"
        onChange={(event) => {
          const role = assignableRoles.find((candidate) => candidate === event.target.value);
          if (role && role !== member.role) setAsked(role);
        }}
      >
        {assignableRoles.map((role) => (
          <option key={role} value={role}>
            {companyRoleLabels[role]}
          </option>
        ))}
      </NativeSelect>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open && !change.isPending) setAsked(null);
        }}
        title={`Make ${member.name} ${asked ? companyRoleLabels[asked] : ''}?`}
        description={
          asked
            ? `${companyRoleLabels[asked]}: ${companyRoleDescriptions[asked]} They are ${companyRoleLabels[member.role]} now.`
            : ''
        }
        confirmLabel={change.isPending ? 'Changing...' : 'Change Role'}
        pending={change.isPending}
        onConfirm={() => asked && changeTo(asked, member.role)}
      />
    </>
  );
}

const isAssignable = (role: CompanyRole): role is AssignableRole =>
  (assignableRoles as readonly string[]).includes(role);

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { invitationsContract, teamContract } from '~/shared/contracts/teams';
import type { ChangeMemberRoleInput, InviteMemberInput, JoinWithAccountInput } from '~/shared/teams';

// Settings → Team (/api/company/team/…) and an invitation's link (/api/invitations/:token).

export const TEAM_PAGE_SIZE = 20;
const teamKey = ['company', 'team'] as const;

export const teamMembersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...teamKey, 'members', page],
    queryFn: () => callApi(teamContract.members, { query: { page, page_size: TEAM_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const teamInvitationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...teamKey, 'invitations', page],
    queryFn: () => callApi(teamContract.invitations, { query: { page, page_size: TEAM_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', token],
    queryFn: () => callApi(invitationsContract.preview, { params: { token } }),
    retry: false,
  });

// Every change to the team refreshes both lists (an invitation accepted becomes a member).
function useTeamMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export const useInviteMember = () =>
  useTeamMutation((input: InviteMemberInput) => callApi(teamContract.invite, { body: input }));

export const useResendInvitation = () =>
  useTeamMutation((id: string) => callApi(teamContract.resendInvitation, { params: { id } }));

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => callApi(teamContract.revokeInvitation, { params: { id } }));

export const useChangeMemberRole = () =>
  useTeamMutation(({ id, role }: { id: string } & ChangeMemberRoleInput) =>
    callApi(teamContract.changeRole, { params: { id }, body: { role } }),
  );

export const useRemoveMember = () => useTeamMutation((id: string) => callApi(teamContract.remove, { params: { id } }));

export const useTransferOwnership = () =>
  useTeamMutation((id: string) => callApi(teamContract.transferOwnership, { params: { id } }));

// Leaving ends this session too: the page that composes the tab decides where the person goes next.
export const useLeaveCompany = () => useMutation({ mutationFn: () => callApi(teamContract.leave) });

export const useAcceptInvitation = (token: string) =>
  useMutation({ mutationFn: () => callApi(invitationsContract.accept, { params: { token } }) });

export const useJoinWithAccount = (token: string) =>
  useMutation({
    mutationFn: (input: JoinWithAccountInput) =>
      callApi(invitationsContract.register, { params: { token }, body: input }),
  });

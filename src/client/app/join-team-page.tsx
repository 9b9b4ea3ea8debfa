import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { currentUserQueryOptions, refreshCurrentUser, useAcceptSignIn, useSignOut } from '~/client/auth/api';
import { ProviderButtons } from '~/client/auth/provider-buttons';
import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { JoinInvitation } from '~/client/teams/join-invitation';
import type { SignInResult } from '~/shared/auth';
import { paths } from '~/shared/routes';
import { PageLoading } from './page-loading';

// /join/:token (docs/decisions/032): the team feature shows the invitation and its next step; signing in,
// up and out is the auth feature's, composed here.
export default function JoinTeamPage(_props: PageProps) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(currentUserQueryOptions());
  const acceptSignIn = useAcceptSignIn();
  const signOut = useSignOut();
  const dashboard = paths.companyDashboard.getHref();

  if (me.isPending) return <PageLoading />;
  const user = me.data?.user ?? null;

  function followSignIn(result: SignInResult) {
    acceptSignIn(result);
    if (result.status === 'signed_in') navigate(result.redirect_to, { replace: true });
  }

  return (
    <>
      <PageMeta title={paths.joinTeam.title} noIndex />
      <JoinInvitation
        token={token}
        user={user}
        providerButtons={
          <ProviderButtons userType="company" redirect={dashboard} mayCreateAccount invitation={token} />
        }
        onSignedIn={followSignIn}
        onJoined={async () => {
          // The membership is the session's from now on: who is signed in is asked again, then the portal opens.
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
          await refreshCurrentUser(queryClient);
          navigate(dashboard, { replace: true });
        }}
        onSignOut={() =>
          signOut.mutate(undefined, {
            onSuccess: () => queryClient.setQueryData(currentUserQueryOptions().queryKey, { user: null }),
          })
        }
        isSigningOut={signOut.isPending}
      />
    </>
  );
}

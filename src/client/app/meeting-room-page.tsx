import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { currentUserQueryOptions } from '~/client/auth/api';
import MeetingRoomPage from '~/client/meetings/meeting-room-page';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { PageLoading } from './page-loading';

// /meet/:token: a visitor who is not signed in is asked to sign in first (and comes back here), before
// the room is asked for, so nobody is shown an error for simply not being signed in yet.
export default function MeetingRoom(props: PageProps) {
  const location = useLocation();
  const me = useQuery(currentUserQueryOptions());
  if (me.isPending) return <PageLoading />;
  if (me.data && !me.data.user) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${paths.login.getHref()}?redirect=${redirect}`} replace />;
  }
  return <MeetingRoomPage {...props} />;
}

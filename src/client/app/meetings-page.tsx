import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import MeetingsPage from '~/client/meetings/meetings-page';
import type { PageProps } from '~/client/routes';
import { principalOfUser } from '~/shared/auth';
import { can } from '~/shared/permissions';

// /company/meetings and /applicant/meetings: the meetings feature's page, with Schedule Meeting for those
// the server lets schedule (company members; account managers use the company portal but do not).
export default function Meetings(props: PageProps) {
  const me = useQuery(currentUserQueryOptions());
  const user = me.data?.user;
  return <MeetingsPage {...props} canSchedule={user ? can(principalOfUser(user), 'create:meeting:own') : false} />;
}

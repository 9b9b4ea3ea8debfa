import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import MeetingsPage from '~/client/meetings/meetings-page';
import type { PageProps } from '~/client/routes';
import { can } from '~/shared/permissions';

// /company/meetings and /applicant/meetings: the meetings feature's page, with Schedule Meeting for those
// the server lets schedule (company members; account managers use the company portal but do not).
export default function Meetings(props: PageProps) {
  const me = useQuery(currentUserQueryOptions());
  const role = me.data?.user?.role;
  return <MeetingsPage {...props} canSchedule={role ? can(role, 'create:meeting:own') : false} />;
}

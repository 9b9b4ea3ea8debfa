import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import { MessagesScreen } from '~/client/messaging/messages-screen';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';

// /company/messages, /applicant/messages and /admin/messages: messaging's screen for the signed-in person
// (composed here, where the current user is known, so messaging does not import auth).
export default function MessagesPage({ pageId }: PageProps) {
  const { data } = useQuery(currentUserQueryOptions());
  const user = data?.user;
  // The portal guard renders this page only once the user is known.
  if (!user) return null;
  return <MessagesScreen me={{ id: user.id, role: user.role }} title={paths[pageId].title} />;
}

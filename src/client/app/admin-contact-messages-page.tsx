import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import { ContactInboxPage } from '~/client/contact-inbox/contact-inbox-page';
import type { PageProps } from '~/client/routes';

// /admin/contact-messages: the contact inbox (the contact-inbox feature), told who is reading it for
// "Assign to me".
export default function AdminContactMessagesRoute(props: PageProps) {
  const { data } = useQuery(currentUserQueryOptions());
  // The portal guard renders this page only once the user is known.
  return data?.user ? <ContactInboxPage {...props} viewerId={data.user.id} /> : null;
}

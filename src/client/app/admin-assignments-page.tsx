import { AdminAssignments } from '~/client/admin-assignments/admin-assignments';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';

// /admin/assignments: Assignment Management (docs/spec/admin-billing-and-content.md §2 item 5).
export default function AdminAssignmentsPage({ pageId }: PageProps) {
  return <AdminAssignments title={paths[pageId].title} />;
}

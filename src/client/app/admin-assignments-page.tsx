import { AdminAssignments } from '~/client/admin-assignments/admin-assignments';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';

// /admin/assignments: Assignment Management (issue 16 §3).
export default function AdminAssignmentsPage({ pageId }: PageProps) {
  return <AdminAssignments title={paths[pageId].title} />;
}

import { ArchiveIcon, ArchiveRestoreIcon, CopyIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { RowMenuTrigger } from '~/client/components/data-list';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '~/client/components/ui/dropdown-menu';
import type { TestSummary } from '~/shared/assessments';
import { paths } from '~/shared/routes';

// The moves that ask "Are you sure?" first: archiving and deleting.
export type ConfirmableTestAction = 'archive' | 'delete';

interface TestRowMenuProps {
  test: TestSummary;
  onClone: (test: TestSummary) => void;
  onRestore: (test: TestSummary) => void;
  onConfirm: (action: ConfirmableTestAction, test: TestSummary) => void;
}

// Edit, Clone, Archive or Restore, Delete (docs/spec/portal-and-public-site.md §2, Tests tab). A test that has
// been taken keeps its attempts, so Delete is not offered on it (the server would refuse, 409); Archive is.
export function TestRowMenu({ test, onClone, onRestore, onConfirm }: TestRowMenuProps) {
  const isTaken = test.attempts.total > 0;
  return (
    <DropdownMenu>
      <RowMenuTrigger name={test.name} />
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={paths.companyTest.getHref({ id: test.id })}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onClone(test)}>
          <CopyIcon aria-hidden="true" />
          Clone
        </DropdownMenuItem>
        {test.archived ? (
          <DropdownMenuItem onSelect={() => onRestore(test)}>
            <ArchiveRestoreIcon aria-hidden="true" />
            Restore
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onConfirm('archive', test)}>
            <ArchiveIcon aria-hidden="true" />
            Archive
          </DropdownMenuItem>
        )}
        {!isTaken && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              onSelect={() => onConfirm('delete', test)}
              className="text-destructive data-[highlighted]:text-destructive"
            >
              <Trash2Icon aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { BriefcaseIcon, ChevronDownIcon, ClipboardListIcon, PlusIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import { useAllowed } from '~/client/lib/allowed';
import { useShortcutKeys } from '~/client/lib/use-shortcut-keys';
import { paths } from '~/shared/routes';

const createJobHref = paths.companyCreateJob.getHref();
const createTestHref = paths.companyCreateTest.getHref();

function ShortcutHint({ letter }: { letter: string }) {
  // The link's aria-keyshortcuts tells assistive technology; this is for the eye.
  return (
    <span aria-hidden="true" className="ml-auto">
      <kbd className="rounded border border-border bg-muted px-1.5 font-mono text-xs text-muted-foreground">
        {letter}
      </kbd>
    </span>
  );
}

// The New menu of the Jobs & Applications screen; J and T open the two builders from anywhere on it.
// A role that may create neither (a Viewer) has no menu.
export function NewMenu() {
  const navigate = useNavigate();
  const mayCreateJob = useAllowed('create:job:own');
  const mayCreateTest = useAllowed('create:test:own');
  const shortcuts = useMemo(
    () => ({
      ...(mayCreateJob && { j: () => navigate(createJobHref) }),
      ...(mayCreateTest && { t: () => navigate(createTestHref) }),
    }),
    [navigate, mayCreateJob, mayCreateTest],
  );
  useShortcutKeys(shortcuts);

  if (!mayCreateJob && !mayCreateTest) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          New
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {mayCreateJob && (
          <DropdownMenuItem asChild>
            <Link to={createJobHref} aria-keyshortcuts="J">
              <BriefcaseIcon aria-hidden="true" />
              Create Job
              <ShortcutHint letter="J" />
            </Link>
          </DropdownMenuItem>
        )}
        {mayCreateTest && (
          <DropdownMenuItem asChild>
            <Link to={createTestHref} aria-keyshortcuts="T">
              <ClipboardListIcon aria-hidden="true" />
              Create Test
              <ShortcutHint letter="T" />
            </Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

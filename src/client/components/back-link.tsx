import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';

// The "back" link above a page title, in one look on every page that has one.
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div>
      <Button variant="ghost" size="sm" className="-ml-3" asChild>
        <Link to={to}>
          <ArrowLeftIcon aria-hidden="true" />
          {children}
        </Link>
      </Button>
    </div>
  );
}

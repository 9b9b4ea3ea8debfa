import { LogOutIcon, SettingsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import type { CurrentUser } from '~/shared/auth';
import { principalOfUser } from '~/shared/permissions';
import type { PortalRole } from '~/shared/routes';
import { allowedLink, billingByRole, profileSettingsByRole } from './portal-navigation';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?';
}

interface UserMenuProps {
  portalRole: PortalRole;
  user: CurrentUser;
  onSignOut: () => void;
}

export function UserMenu({ portalRole: role, user, onSignOut }: UserMenuProps) {
  const billing = allowedLink(billingByRole[role], principalOfUser(user));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="secondary"
          size="icon"
          shape="round"
          aria-label="Account menu"
          className="text-sm font-semibold"
        >
          <span aria-hidden="true">{initialsOf(user.name)}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-semibold">{user.name}</span>
          <span className="block truncate text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={profileSettingsByRole[role]}>
            <SettingsIcon aria-hidden="true" />
            Profile Settings
          </Link>
        </DropdownMenuItem>
        {billing && (
          <DropdownMenuItem asChild>
            <Link to={billing.href}>
              <billing.icon aria-hidden="true" />
              {billing.label}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOutIcon aria-hidden="true" />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

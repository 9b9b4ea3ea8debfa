import { NavLink } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '~/client/components/ui/tooltip';
import { cn } from '~/client/lib/cn';
import type { NavItem } from './portal-navigation';

interface SidebarNavProps {
  items: NavItem[];
  isCollapsed?: boolean;
  label: string;
  onNavigate?: () => void;
}

export function SidebarNav({ items, isCollapsed = false, label, onNavigate }: SidebarNavProps) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-2 py-4">
      <ul className="space-y-1">
        {items.map((item) => {
          const link = (
            <NavLink
              to={item.href}
              end
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-sidebar-active hover:text-white',
                  isActive ? 'bg-sidebar-active text-white' : 'text-sidebar-foreground',
                  isCollapsed && 'justify-center px-0',
                )
              }
            >
              <item.icon className="size-5 shrink-0" aria-hidden="true" />
              <span className={cn(isCollapsed && 'sr-only')}>{item.label}</span>
            </NavLink>
          );
          return (
            <li key={item.href}>
              {isCollapsed ? (
                <Tooltip>
                  <TooltipTrigger asChild>{link}</TooltipTrigger>
                  <TooltipContent side="right">{item.label}</TooltipContent>
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import type { ComponentProps } from 'react';
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

type SidebarLinkProps = Omit<ComponentProps<typeof NavLink>, 'to' | 'className' | 'children'> & {
  item: NavItem;
  isCollapsed: boolean;
  onNavigate?: () => void;
  // What a Radix trigger (asChild) adds; joined with the link's own classes.
  className?: string;
};

// One page of the sidebar. NavLink's className is a function of whether the page is current; a Radix
// Slot (TooltipTrigger asChild) merges class names as strings and would write the function's source into
// the class attribute, so the Slot's props land here and the function stays inside.
function SidebarLink({ item, isCollapsed, onNavigate, className, onClick, ...slotProps }: SidebarLinkProps) {
  return (
    <NavLink
      {...slotProps}
      to={item.href}
      end
      onClick={(event) => {
        onClick?.(event);
        onNavigate?.();
      }}
      className={({ isActive }) =>
        cn(
          'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-sidebar-active hover:text-white',
          isActive ? 'bg-sidebar-active text-white' : 'text-sidebar-foreground',
          isCollapsed && 'justify-center px-0',
          className,
        )
      }
    >
      <item.icon className="size-5 shrink-0" aria-hidden="true" />
      <span className={cn(isCollapsed && 'sr-only')}>{item.label}</span>
    </NavLink>
  );
}

export function SidebarNav({ items, isCollapsed = false, label, onNavigate }: SidebarNavProps) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-2 py-4">
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.href}>
            {isCollapsed ? (
              <Tooltip>
                <TooltipTrigger asChild>
                  <SidebarLink item={item} isCollapsed onNavigate={onNavigate} />
                </TooltipTrigger>
                <TooltipContent side="right">{item.label}</TooltipContent>
              </Tooltip>
            ) : (
              <SidebarLink item={item} isCollapsed={false} onNavigate={onNavigate} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { BellIcon } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';

// Notifications arrive with their own feature; until then the list is honestly empty.
export function NotificationsPopover() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <BellIcon aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0">
        <h2 className="border-b border-border px-4 py-3 text-sm font-semibold">Notifications</h2>
        <p className="px-4 py-8 text-center text-sm text-muted-foreground">You have no notifications.</p>
      </PopoverContent>
    </Popover>
  );
}

import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/client/lib/cn';

// A panel that slides in from the left edge, used for the portal navigation on small screens; from the
// right (side="right"), a detail drawer over the page.
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;

const sideClasses = {
  left: 'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar text-sidebar-foreground shadow-xl transition-transform duration-200 data-[state=closed]:-translate-x-full motion-reduce:transition-none',
  right:
    'fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col bg-background text-foreground shadow-xl outline-none',
};
const closeClasses = {
  left: 'absolute top-4 right-4 rounded-sm p-1 text-sidebar-foreground hover:text-white',
  right:
    'absolute top-4 right-4 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
};

export function SheetContent({
  className,
  children,
  title,
  side = 'left',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: string; side?: 'left' | 'right' }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in" />
      <DialogPrimitive.Content aria-describedby={undefined} className={cn(sideClasses[side], className)} {...props}>
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close className={closeClasses[side]}>
          <XIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/client/lib/cn';
import { buttonVariants } from './button-variants';

export { buttonVariants };

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  // Renders the single child (a link, say) with the button's styles instead of a <button>.
  asChild?: boolean;
}

export function Button({ className, variant, size, shape, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size, shape }), className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}

import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '~/client/lib/cn';

const alertVariants = cva(
  'flex gap-3 rounded-md border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'border-border bg-background text-foreground',
        destructive: 'border-destructive/40 bg-red-50 text-destructive',
        success: 'border-green-700/30 bg-green-50 text-green-900',
        warning: 'border-amber-600/40 bg-amber-50 text-amber-950',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

// An inline message. Errors are announced at once (role=alert), the rest politely (role=status).
export function Alert({
  className,
  variant,
  role,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('min-w-0 space-y-2', className)} {...props} />;
}

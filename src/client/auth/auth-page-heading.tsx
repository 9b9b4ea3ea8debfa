import type { ReactNode } from 'react';

export function AuthPageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 space-y-1 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children && <p className="text-sm text-muted-foreground">{children}</p>}
    </div>
  );
}

import { type ClassValue, clsx } from 'clsx';

// Joins class names. There is no class merging (tailwind-merge would cost the public pages 9 KB of
// gzipped JavaScript): a className passed to a component adds classes, it does not override them;
// alternatives belong in the component's variants.
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}

import { cn } from '~/client/lib/cn';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

// An applicant's photo, or their initials in a circle when there is none.
export function ProfilePhoto({
  name,
  src,
  alt,
  size = 'large',
}: {
  name: string;
  src: string | null;
  // Said when the photo is all there is; beside the name it is decoration.
  alt?: string;
  size?: 'small' | 'medium' | 'large';
}) {
  const box = cn(
    'shrink-0 rounded-full',
    size === 'large' ? 'size-20 text-xl' : size === 'medium' ? 'size-16 text-lg' : 'size-10 text-sm',
  );
  if (src) return <img src={src} alt={alt ?? ''} className={cn(box, 'border border-border object-cover')} />;
  const initials = initialsOf(name) || '?';
  const circle = cn(box, 'flex items-center justify-center bg-muted font-semibold text-muted-foreground');
  if (alt) {
    return (
      <span role="img" aria-label={alt} className={circle}>
        {initials}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={circle}>
      {initials}
    </span>
  );
}

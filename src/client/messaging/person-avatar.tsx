import { HeadsetIcon } from 'lucide-react';
import { ProfilePhoto } from '~/client/components/profile-photo';
import { cn } from '~/client/lib/cn';

// A conversation's picture: the other side's initials with their online dot, or the support headset.
export function PersonAvatar({
  name,
  isOnline,
  isSupport = false,
}: {
  name: string;
  isOnline?: boolean;
  isSupport?: boolean;
}) {
  return (
    <span className="relative inline-flex shrink-0">
      {isSupport ? (
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary"
        >
          <HeadsetIcon className="size-5" />
        </span>
      ) : (
        <ProfilePhoto name={name} src={null} size="small" />
      )}
      {isOnline !== undefined && (
        <span
          role="img"
          aria-label={isOnline ? 'Online' : 'Offline'}
          title={isOnline ? 'Online' : 'Offline'}
          className={cn(
            'absolute right-0 bottom-0 size-3 rounded-full border-2 border-background',
            isOnline ? 'bg-emerald-500' : 'bg-slate-400',
          )}
        />
      )}
    </span>
  );
}

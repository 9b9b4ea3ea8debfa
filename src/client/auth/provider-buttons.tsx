import { useQuery } from '@tanstack/react-query';
import { Button } from '~/client/components/ui/button';
import type { OidcProvider, OidcUserType } from '~/shared/oidc';
import { providerStartHref, providersQueryOptions } from './api';

interface ProviderButtonsProps {
  userType: OidcUserType;
  redirect?: string | null;
  // Only these providers, when they are enabled (the admin page offers Google alone).
  only?: readonly OidcProvider[];
}

// Sign-in with the identity providers this server has set up; nothing at all when there are none.
export function ProviderButtons({ userType, redirect, only }: ProviderButtonsProps) {
  const { data } = useQuery(providersQueryOptions());
  const providers = (data?.providers ?? []).filter((provider) => !only || only.includes(provider.id));
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 space-y-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        Or continue with
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </div>
      <div className="grid gap-2">
        {providers.map((provider) => (
          <Button key={provider.id} asChild variant="outline" className="w-full">
            {/* A plain link: the server sends the browser on to the provider. */}
            <a href={providerStartHref(provider.id, userType, redirect)}>Sign in with {provider.name}</a>
          </Button>
        ))}
      </div>
    </div>
  );
}

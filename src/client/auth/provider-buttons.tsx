import { useQuery } from '@tanstack/react-query';
import { TermsLinks } from '~/client/components/terms-agreement';
import { Button } from '~/client/components/ui/button';
import type { OidcProvider, OidcUserType } from '~/shared/oidc';
import { providerStartHref, providersQueryOptions } from './api';

interface ProviderButtonsProps {
  userType: OidcUserType;
  redirect?: string | null;
  // Only these providers (the admin page offers Google alone).
  only?: readonly OidcProvider[];
  // A sign-in here may make a new account: the buttons say that continuing agrees to the Terms of Service
  // and Privacy Policy, and carry that agreement (the administrators' page makes no accounts).
  mayCreateAccount?: boolean;
  // On an invitation's page: the account signed in or created joins the inviting company when the
  // provider's verified address is the invited one.
  invitation?: string;
}

// The identity-provider block the spec draws (docs/spec/portal-and-public-site.md §2), with the providers this
// server has set up: one it has not would be a button nobody can use (greyed, they read as broken), and which
// settings turn it on is for the people who run the server (docs/operations.md), not for someone signing in.
// No provider set up: no block.
export function ProviderButtons({
  userType,
  redirect,
  only,
  mayCreateAccount = false,
  invitation,
}: ProviderButtonsProps) {
  const { data } = useQuery(providersQueryOptions());
  const providers = (data?.providers ?? []).filter(
    (provider) => provider.enabled && (!only || only.includes(provider.id)),
  );
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
            <a href={providerStartHref(provider.id, userType, redirect, mayCreateAccount, invitation)}>
              Sign in with {provider.name}
            </a>
          </Button>
        ))}
      </div>
      {mayCreateAccount && (
        <p className="text-center text-xs text-muted-foreground">
          By continuing with a provider, you agree to the <TermsLinks />.
        </p>
      )}
    </div>
  );
}

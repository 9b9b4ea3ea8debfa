import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { TermsLinks } from '~/client/components/terms-agreement';
import { Button } from '~/client/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '~/client/components/ui/tooltip';
import { type OidcProvider, type OidcUserType, providerNotAvailableMessage } from '~/shared/oidc';
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

// The identity-provider block the spec draws (docs/spec/portal-and-public-site.md §2): every provider, those
// this server has not set up disabled, with a tooltip naming the settings that turn them on.
export function ProviderButtons({
  userType,
  redirect,
  only,
  mayCreateAccount = false,
  invitation,
}: ProviderButtonsProps) {
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
      <TooltipProvider>
        <div className="grid gap-2">
          {providers.map((provider) =>
            provider.enabled ? (
              <Button key={provider.id} asChild variant="outline" className="w-full">
                {/* A plain link: the server sends the browser on to the provider. */}
                <a href={providerStartHref(provider.id, userType, redirect, mayCreateAccount, invitation)}>
                  Sign in with {provider.name}
                </a>
              </Button>
            ) : (
              <UnavailableProvider key={provider.id} id={provider.id} name={provider.name} />
            ),
          )}
        </div>
      </TooltipProvider>
      {mayCreateAccount && (
        <p className="text-center text-xs text-muted-foreground">
          By continuing with a provider, you agree to the <TermsLinks />.
        </p>
      )}
    </div>
  );
}

// The two documents an account agrees to, each opening beside the form (what was typed stays).
// A disabled button takes no pointer or focus, so the tooltip hangs on a focusable wrapper, and the
// reason is also the button's description for screen readers.
function UnavailableProvider({ id, name }: { id: OidcProvider; name: string }) {
  const reasonId = useId();
  const reason = providerNotAvailableMessage(id);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled button cannot take focus itself */}
        <span tabIndex={0} className="block rounded-md focus-visible:outline-2 focus-visible:outline-ring">
          <Button variant="outline" className="pointer-events-none w-full" disabled aria-describedby={reasonId}>
            Sign in with {name} <span className="text-xs font-normal">(Not available)</span>
          </Button>
          <span id={reasonId} className="sr-only">
            {reason}
          </span>
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs">{reason}</TooltipContent>
    </Tooltip>
  );
}

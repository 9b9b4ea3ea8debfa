import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { apiUrl, callApi, errorMessage } from '~/client/lib/api-client';
import { ssoSignInContract } from '~/shared/contracts/sso';
import { ssoTexts } from '~/shared/sso';

// "Sign in with SSO" (issue 58): the work email typed in the form above names the company whose identity provider
// signs the person in. An address with no single sign-on is told so here, without leaving the page.
export function SsoSignInButton({
  email,
  redirect,
  onProblem,
}: {
  // The address in the form, read when the button is pressed.
  email: () => string;
  redirect: string | null;
  onProblem: (message: string) => void;
}) {
  const [isLeaving, setIsLeaving] = useState(false);

  async function start() {
    const address = email().trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      onProblem('Enter your work email address, then choose Sign in with SSO.');
      return;
    }
    setIsLeaving(true);
    try {
      const found = await callApi(ssoSignInContract.discover, { query: { email: address } });
      if (!found.sso) {
        onProblem(ssoTexts.noSsoForEmail);
        setIsLeaving(false);
        return;
      }
      window.location.assign(
        apiUrl(ssoSignInContract.start, { query: { email: address, ...(redirect && { redirect }) } }),
      );
    } catch (error) {
      onProblem(errorMessage(error, ssoTexts.providerRefused));
      setIsLeaving(false);
    }
  }

  return (
    <Button type="button" variant="outline" className="mt-3 w-full" onClick={start} disabled={isLeaving}>
      <KeyRoundIcon aria-hidden="true" />
      {isLeaving ? 'Opening your identity provider...' : ssoTexts.ssoButton}
    </Button>
  );
}

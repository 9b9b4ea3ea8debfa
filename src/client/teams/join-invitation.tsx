import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Building2Icon, CircleAlertIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TermsAgreementField } from '~/client/components/terms-agreement';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import type { CurrentUser, SignInResult } from '~/shared/auth';
import { paths } from '~/shared/routes';
import {
  companyRoleDescriptions,
  companyRoleLabels,
  type InvitationPreview,
  invitationTokenParams,
  type JoinWithAccountInput,
  joinWithAccountSchema,
  teamTexts,
} from '~/shared/teams';
import { invitationPreviewQueryOptions, useAcceptInvitation, useJoinWithAccount } from './api';

interface JoinInvitationProps {
  token: string;
  // Who is signed in in this browser, if anyone.
  user: CurrentUser | null;
  // Sign in with an identity provider (auth/ draws the buttons, carrying the invitation).
  providerButtons: ReactNode;
  // A new account from the form is signed in: the page takes it from here.
  onSignedIn: (result: SignInResult) => void;
  // The signed-in account joined the company.
  onJoined: () => void;
  // Wrong account: sign out to come back as the invited address.
  onSignOut: () => void;
  isSigningOut: boolean;
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

// /join/:token: what the invitation offers, then what fits whoever holds the link — a new account for the
// invited address, a sign-in for one that exists, Accept for that account signed in, or a sentence.
export function JoinInvitation(props: JoinInvitationProps) {
  // A link of the wrong shape names no invitation: said at once, as the server would, without asking it.
  const isWellFormed = invitationTokenParams.safeParse({ token: props.token }).success;
  const preview = useQuery({ ...invitationPreviewQueryOptions(props.token), enabled: isWellFormed });

  if (!isWellFormed) return <InvitationNotFound message={teamTexts.linkUnknown} />;
  if (preview.isPending) {
    return (
      <div className="flex justify-center py-10" role="status">
        <Spinner />
        <span className="sr-only">Loading the invitation</span>
      </div>
    );
  }
  if (preview.isError) {
    return isNotFoundError(preview.error) ? (
      <InvitationNotFound message={teamTexts.linkUnknown} />
    ) : (
      <InvitationNotFound
        message={errorMessage(preview.error, teamTexts.actionFailed)}
        onRetry={() => preview.refetch()}
      />
    );
  }
  const invitation = preview.data;
  return (
    <div className="space-y-6">
      <PageHeading />
      <Heading title={`${invitation.company_name} invites you`} />
      <InvitationSummary invitation={invitation} />
      <NextStep invitation={invitation} {...props} />
    </div>
  );
}

function InvitationNotFound({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="space-y-4">
      <PageHeading />
      <Heading title="Invitation not found" />
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden="true" />
        <p>{message}</p>
      </Alert>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </div>
  );
}

// The page is the route's (Join Your Team), as every portal and sign-in page; what this link is comes under it.
function PageHeading() {
  return <h1 className="text-center text-2xl font-bold tracking-tight">{paths.joinTeam.title}</h1>;
}

function Heading({ title }: { title: string }) {
  return <h2 className="text-center text-lg font-semibold">{title}</h2>;
}

function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  return (
    <section aria-label="The invitation" className="space-y-2 rounded-lg border border-border bg-muted/40 p-4 text-sm">
      <p className="flex items-start gap-2">
        <Building2Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          {invitation.inviter_name ?? 'A member'} invited you to join <strong>{invitation.company_name}</strong> as{' '}
          <strong>{companyRoleLabels[invitation.role]}</strong>.
        </span>
      </p>
      <p className="text-muted-foreground">{companyRoleDescriptions[invitation.role]}</p>
      <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">For</dt>
        <dd className="font-medium break-all">{invitation.email}</dd>
        {invitation.state === 'open' && (
          <>
            <dt className="text-muted-foreground">Expires</dt>
            <dd>{format(new Date(invitation.expires_at), "MMMM d, yyyy 'at' h:mm a")}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function NextStep({ invitation, user, token, ...actions }: JoinInvitationProps & { invitation: InvitationPreview }) {
  const signInHref = `${paths.login.getHref()}?redirect=${encodeURIComponent(paths.joinTeam.getHref({ token }))}`;
  // Used, expired, withdrawn, or an address that cannot join: the sentence, nothing to fill in.
  if (invitation.message) {
    return (
      <div className="space-y-4">
        <Alert variant={invitation.state === 'open' ? 'destructive' : 'warning'}>
          <p>{invitation.message}</p>
        </Alert>
        {!user && (
          <p className="text-center text-sm">
            <Link to={signInHref} className={linkClass}>
              Sign in
            </Link>
          </p>
        )}
      </div>
    );
  }
  if (user) {
    if (user.email.toLowerCase() !== invitation.email) {
      return (
        <div className="space-y-4">
          <Alert variant="warning">
            <p>
              You are signed in as {user.email}. {teamTexts.wrongAccount(invitation.email)}
            </p>
          </Alert>
          <Button variant="outline" className="w-full" disabled={actions.isSigningOut} onClick={actions.onSignOut}>
            {actions.isSigningOut ? 'Signing out...' : 'Sign Out'}
          </Button>
        </div>
      );
    }
    if (!user.email_verified) return <Alert variant="warning">{teamTexts.unverifiedEmail}</Alert>;
    return <AcceptButton token={token} companyName={invitation.company_name} onJoined={actions.onJoined} />;
  }
  if (invitation.has_account) {
    return (
      <div className="space-y-4">
        <p className="text-center text-sm text-muted-foreground">
          {invitation.email} has a Tandem account: sign in to accept the invitation.
        </p>
        <Button asChild className="w-full">
          <Link to={signInHref}>Sign In to Accept</Link>
        </Button>
        {actions.providerButtons}
      </div>
    );
  }
  return (
    <div>
      <CreateAccountForm token={token} email={invitation.email} onSignedIn={actions.onSignedIn} />
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Have an account with this address?{' '}
        <Link to={signInHref} className={linkClass}>
          Sign in
        </Link>
      </p>
      {actions.providerButtons}
    </div>
  );
}

function AcceptButton({ token, companyName, onJoined }: { token: string; companyName: string; onJoined: () => void }) {
  const accept = useAcceptInvitation(token);
  return (
    <div className="space-y-3">
      {accept.isError && <Alert variant="destructive">{errorMessage(accept.error, teamTexts.actionFailed)}</Alert>}
      <Button
        className="w-full"
        disabled={accept.isPending}
        onClick={() => accept.mutate(undefined, { onSuccess: onJoined })}
      >
        {accept.isPending ? 'Joining...' : `Accept and Join ${companyName}`}
      </Button>
    </div>
  );
}

const formFields = ['name', 'password', 'accept_terms'] as const;

function CreateAccountForm({
  token,
  email,
  onSignedIn,
}: {
  token: string;
  email: string;
  onSignedIn: (result: SignInResult) => void;
}) {
  const join = useJoinWithAccount(token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<JoinWithAccountInput, unknown, JoinWithAccountInput>({
    resolver: zodResolver(joinWithAccountSchema),
    defaultValues: { name: '', password: '', accept_terms: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSignedIn(await join.mutateAsync(values));
    } catch (error) {
      setFailure(applyServerError(form, error, { fields: [...formFields], fallback: teamTexts.actionFailed }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create your account">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <FormField label="Email" hint="The invited address: it is confirmed by this link.">
        {(control) => <Input {...control} type="email" value={email} readOnly autoComplete="username" />}
      </FormField>
      <FormField label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 6 characters.">
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Controller
        control={form.control}
        name="accept_terms"
        render={({ field }) => <TermsAgreementField field={field} error={errors.accept_terms?.message} />}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account...' : 'Create Account and Join'}
      </Button>
    </form>
  );
}

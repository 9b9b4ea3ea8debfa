import { LogOutIcon } from 'lucide-react';
import { EmailSection, PasswordSection, ProfileSection } from '~/client/account/account-sections';
import { SessionsSection } from '~/client/account/sessions-section';
import { Logo } from '~/client/components/logo';
import { PageMeta } from '~/client/components/page-meta';
import { Button } from '~/client/components/ui/button';
import { PrivacySection } from '~/client/privacy/privacy-section';
import type { CurrentUser } from '~/shared/auth';

export const noCompanyTexts = {
  title: 'You are no longer a member of a company',
  body: 'Your account is not on any company’s team now, so a company’s jobs, people, messages and billing are closed to you. If this is a mistake, ask the company’s owner to invite you again. Your own account is still yours: change its details below, download your data, or delete it.',
} as const;

// The whole company portal for a company account that belongs to no company any more (removed, or left):
// one page that says so, with their own account's settings, their data and Sign Out. Nothing of a company
// is read (no sidebar, notifications or live connection), so no request is refused.
export function NoCompanyPage({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  return (
    <div className="min-h-screen bg-muted/50">
      <PageMeta title={noCompanyTexts.title} />
      <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background px-3 sm:px-6">
        <Logo to="/" />
        <Button variant="outline" size="sm" className="ml-auto" onClick={onSignOut}>
          <LogOutIcon aria-hidden="true" />
          Sign Out
        </Button>
      </header>
      <main id="main" className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6 p-4 sm:p-6">
        <section className="grid gap-3 rounded-lg border border-border bg-background p-4 sm:p-6">
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{noCompanyTexts.title}</h1>
          <p className="text-muted-foreground">{noCompanyTexts.body}</p>
          <p className="text-sm">
            Signed in as <strong className="break-all">{user.email}</strong>.
          </p>
        </section>
        <ProfileSection user={user} />
        <EmailSection user={user} />
        <PasswordSection user={user} />
        <SessionsSection />
        <PrivacySection />
      </main>
    </div>
  );
}

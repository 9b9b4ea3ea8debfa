import { use } from 'react';
import { PageMeta } from '~/client/components/page-meta';
import { type LegalDocumentId, loadLegalDocument } from '~/client/content/legal/load-legal-document';
import type { PageProps } from '~/client/routes';
import { getStartedHref, paths } from '~/shared/routes';
import { Container, PageHero } from './components/site-layout';
import { LegalBlocks } from './legal-blocks';

// The four policies and the three alias paths the footer links; an alias shows the same document
// and names the main path as canonical, so search engines index one URL per policy.
const legalPages = {
  privacy: 'privacy',
  privacyPolicy: 'privacy',
  terms: 'terms',
  termsOfService: 'terms',
  cookies: 'cookies',
  cookiePolicy: 'cookies',
  gdpr: 'gdpr',
} satisfies Record<string, LegalDocumentId>;

function isLegalPageId(id: string): id is keyof typeof legalPages {
  return Object.hasOwn(legalPages, id);
}

export default function LegalPage({ pageId }: PageProps) {
  if (!isLegalPageId(pageId)) throw new Error(`No legal document for page "${pageId}"`);
  const canonical = legalPages[pageId];
  const { title, summary, lastUpdated, sections } = use(loadLegalDocument(canonical));

  return (
    <>
      <PageMeta title={title} description={summary} path={paths[canonical].getHref()} />
      <PageHero
        eyebrow="Legal"
        title={title}
        description={summary}
        backLink={{ label: 'Back to Home', href: paths.home.getHref() }}
        actions={[{ label: 'Get Started', href: getStartedHref }]}
      >
        <p className="mt-4 text-sm font-medium text-muted-foreground">
          Last updated <time dateTime={lastUpdated.iso}>{lastUpdated.text}</time>
        </p>
      </PageHero>

      <Container className="pb-20">
        <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <nav
            aria-labelledby="legal-contents-heading"
            className="rounded-xl border border-border bg-muted p-5 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto"
          >
            <h2 id="legal-contents-heading" className="text-sm font-semibold tracking-wide text-foreground uppercase">
              On this page
            </h2>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((section, position) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-background hover:text-primary"
                  >
                    <span aria-hidden="true" className="w-5 shrink-0 text-right text-muted-foreground tabular-nums">
                      {position + 1}.
                    </span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="max-w-3xl space-y-12">
            {sections.map((section, position) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`} className="mb-4 text-2xl font-bold tracking-tight text-foreground">
                  <span className="text-primary">{position + 1}.</span> {section.title}
                </h2>
                <LegalBlocks blocks={section.blocks} />
              </section>
            ))}
          </div>
        </div>
      </Container>
    </>
  );
}

import { ChevronDownIcon, ClockIcon, MailIcon, MessageSquareReplyIcon, UserRoundCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageMeta } from '~/client/components/page-meta';
import { accountManagerAvailability, contactEmail, contactFaq, contactHours } from '~/client/content/contact-info';
import { paths } from '~/shared/routes';
import { PageHero, Section } from './components/site-layout';
import { ContactForm } from './contact-form';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-background p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
          {icon}
        </span>
        <h3 className="text-lg font-semibold">{title}</h3>
      </div>
      <div className="mt-4 text-muted-foreground">{children}</div>
    </div>
  );
}

export default function ContactPage() {
  return (
    <>
      <PageMeta
        title={paths.contact.title}
        description="Contact Tandem for a free consultation on AI-trained remote teams. Message us and we reply within 24 hours; see our hours and answers to common questions."
        path={paths.contact.getHref()}
      />
      <PageHero
        eyebrow="Contact Us"
        title="Let’s talk about your team"
        description="Tell us what you want to hand over and we will reply within 24 hours with next steps. The consultation is free and there are no long-term commitments."
      />

      <Section
        title="Send us a message"
        description="The more you tell us about volumes, hours and tools, the more specific our first answer can be."
      >
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8 lg:col-span-2 lg:self-start">
            <ContactForm source="contact_page" />
          </div>
          <div className="grid content-start gap-6">
            <InfoCard icon={<ClockIcon aria-hidden="true" className="size-5" />} title="Contact hours">
              <dl className="grid gap-2">
                {contactHours.map((row) => (
                  <div key={row.days} className="flex flex-wrap justify-between gap-x-3 whitespace-nowrap">
                    <dt className="font-medium text-foreground">{row.days}</dt>
                    <dd>{row.hours}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-3 text-sm">All times are Pacific Time (PST).</p>
            </InfoCard>
            <InfoCard
              icon={<MessageSquareReplyIcon aria-hidden="true" className="size-5" />}
              title="Reply within 24 hours"
            >
              <p>
                Every message is read by a solutions specialist, who replies within 24 hours. You can also email us at:
              </p>
              <a href={`mailto:${contactEmail}`} className="mt-1 inline-block font-medium text-primary hover:underline">
                {contactEmail}
              </a>
            </InfoCard>
            <InfoCard icon={<UserRoundCheckIcon aria-hidden="true" className="size-5" />} title="Existing clients">
              <p>
                Your dedicated account manager is available {accountManagerAvailability}. Message them from your company
                dashboard for the fastest answer.
              </p>
            </InfoCard>
          </div>
        </div>
      </Section>

      <Section
        tone="muted"
        eyebrow="FAQ"
        title="Frequently asked questions"
        description="Quick answers to what business owners ask us most before they start."
      >
        <div className="grid max-w-3xl gap-3">
          {contactFaq.map((item) => (
            <details key={item.question} className="group rounded-xl border border-border bg-background">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-6 py-4 font-semibold [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDownIcon
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <p className="px-6 pb-5 text-muted-foreground">{item.answer}</p>
            </details>
          ))}
        </div>
        <p className="mt-8 flex items-center gap-2 text-muted-foreground">
          <MailIcon aria-hidden="true" className="size-5 shrink-0" />
          <span>
            Another question? Write to{' '}
            <a href={`mailto:${contactEmail}`} className="font-medium text-primary hover:underline">
              {contactEmail}
            </a>
            .
          </span>
        </p>
      </Section>
    </>
  );
}

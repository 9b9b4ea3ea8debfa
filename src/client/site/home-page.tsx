import { BadgeCheckIcon, BotIcon, CircleCheckIcon, HeadsetIcon, type LucideIcon, SparklesIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { homeBenefits, homeContactPoints, homeServices, homeTestimonials } from '~/client/content/home';
import { paths } from '~/shared/routes';
import { CardGrid, FeatureCard, Section } from './components/site-layout';
import { HighlightCard } from './highlight-card';
import { HomeHero } from './home-hero';
import { TestimonialCarousel } from './testimonial-carousel';

// docs/spec/portal-and-public-site.md §2 "Public home page": hero, four services, four benefits, four
// testimonials, contact form.

const benefitIcons: LucideIcon[] = [SparklesIcon, BotIcon, BadgeCheckIcon, HeadsetIcon];

// The form sits at the foot of the page: its code loads while the page hydrates, outside the first
// load's 100 KB budget. The prerendered HTML already shows it, so nothing moves.
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

export default function HomePage() {
  return (
    <>
      <PageMeta
        title={paths.home.title}
        description="Tandem builds AI-trained remote teams in the Philippines for customer service, data entry, virtual assistance and finance, with 24/7 coverage."
        path={paths.home.getHref()}
      />
      <HomeHero />

      <Section
        id="services"
        eyebrow="Services"
        title="Four core services, one dedicated team"
        description="Start with the work that slows your business down most. Every team comes trained on your tools, supervised in house and ready to scale."
      >
        <CardGrid columns={4}>
          {homeServices.map((service) => (
            <FeatureCard
              key={service.title}
              feature={{
                title: service.title,
                description: service.description,
                items: service.features,
                href: service.href,
              }}
            />
          ))}
        </CardGrid>
        <p className="mt-8">
          <Link to={paths.services.getHref()} className="font-medium text-primary hover:underline">
            See all 11 services →
          </Link>
        </p>
      </Section>

      <Section
        tone="muted"
        eyebrow="Why Tandem"
        title="Teams trained for the way work gets done now"
        description="Outsourcing used to mean trading quality for cost. Our people are trained on AI from their first week, so you get both."
      >
        <CardGrid columns={4}>
          {homeBenefits.map((benefit, index) => (
            <HighlightCard
              key={benefit.title}
              icon={benefitIcons[index] ?? SparklesIcon}
              title={benefit.title}
              description={benefit.description}
            />
          ))}
        </CardGrid>
      </Section>

      <Section
        eyebrow="Testimonials"
        title="What our clients say"
        description="Operations leaders from more than 500 businesses rely on Tandem teams every day."
      >
        <TestimonialCarousel testimonials={homeTestimonials} />
        <p className="mt-8 text-center md:text-left">
          <Link to={paths.testimonials.getHref()} className="font-medium text-primary hover:underline">
            Read more client success stories →
          </Link>
        </p>
      </Section>

      <Section
        id="contact"
        tone="muted"
        eyebrow="Contact us"
        title="Book your free consultation"
        description="Tell us what you want to hand over. A solutions specialist will reply within 24 hours with a team plan and a price."
      >
        <div className="grid gap-10 lg:grid-cols-5">
          <ul className="space-y-4 lg:col-span-2">
            {homeContactPoints.map((point) => (
              <li key={point} className="flex gap-3 text-lg">
                <CircleCheckIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <div className="rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8 lg:col-span-3">
            <Suspense fallback={<div className="min-h-[28rem]" />}>
              <ContactForm source="home" />
            </Suspense>
          </div>
        </div>
      </Section>
    </>
  );
}

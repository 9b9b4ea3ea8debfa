import { useEffect, useRef } from 'react';
import { PageMeta } from '~/client/components/page-meta';
import { testimonialFilters, testimonials } from '~/client/content/testimonials';
import { paths } from '~/shared/routes';
import { ActionLinks, CardGrid, PageHero, Section } from './components/site-layout';
import { TestimonialCard } from './testimonial-card';
import { attachTestimonialFilters } from './testimonial-filter-controls';
import { TestimonialFilters } from './testimonial-filters';

const trustStats = [
  { value: '500+', label: 'Successful Projects' },
  { value: '98%', label: 'Client Satisfaction' },
  { value: '50+', label: 'Industries Served' },
];

export default function TestimonialsPage() {
  // Starts at All, so the prerendered page lists every testimonial; testimonial-filter-controls.ts filters.
  const filtersRef = useRef<HTMLDivElement>(null);
  useEffect(() => (filtersRef.current ? attachTestimonialFilters(filtersRef.current) : undefined), []);

  return (
    <>
      <PageMeta
        title={paths.testimonials.title}
        description="Read how businesses in e-commerce, healthcare, SaaS and logistics cut costs and serve customers faster with Tandem's AI-trained remote teams."
        path={paths.testimonials.getHref()}
      />
      <PageHero
        eyebrow="Testimonials"
        title={paths.testimonials.title}
        description="Operations leaders and founders share what changed when an AI-trained Tandem team joined them: faster answers, cleaner data, lower costs and time back for the work only they can do."
        stats={[
          { value: '500+', label: 'Happy Clients' },
          { value: '4.9/5', label: 'Average Rating' },
          { value: '98%', label: 'Client Retention' },
          { value: '24/7', label: 'Support Available' },
        ]}
      />
      <Section
        id="reviews"
        eyebrow="Reviews"
        title="What Our Clients Say"
        description="Filter by the service our clients bought to read the stories closest to yours."
      >
        <div ref={filtersRef} data-testimonial-filters>
          <TestimonialFilters filters={testimonialFilters} />
          <p data-filter-status aria-live="polite" className="mt-4 mb-8 text-sm text-muted-foreground">
            Showing {testimonials.length} of {testimonials.length} reviews
          </p>
          <CardGrid columns={3}>
            {testimonials.map((testimonial) => (
              <TestimonialCard key={testimonial.author} testimonial={testimonial} />
            ))}
          </CardGrid>
        </div>
      </Section>
      <Section
        id="trusted"
        tone="muted"
        title="Trusted by Industry Leaders"
        description="From five-person startups to multi-site healthcare groups, businesses stay with Tandem because the results hold up month after month."
      >
        <dl className="grid gap-6 sm:grid-cols-3">
          {trustStats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse gap-1 rounded-xl border border-border bg-background p-6 text-center shadow-sm"
            >
              <dt className="text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="text-4xl font-bold tracking-tight text-primary">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex justify-center">
          <ActionLinks
            actions={[
              { label: 'Start Your Success Story', href: paths.contact.getHref() },
              { label: 'Read Case Studies', href: paths.caseStudies.getHref(), variant: 'secondary' },
            ]}
          />
        </div>
      </Section>
    </>
  );
}

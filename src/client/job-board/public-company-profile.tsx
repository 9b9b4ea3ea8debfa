import { BadgeCheckIcon, Building2Icon, CircleDashedIcon, ExternalLinkIcon } from 'lucide-react';
import { StarRating } from '~/client/components/star-rating';
import type { PublicCompany } from '~/shared/job-board';
import { Fact } from './job-post-details';

// The company beside its job on /jobs/:id: what it says about itself, and its record on Tandem (jobs
// posted, hires made, payment verified, the rating talent gave it), which the server counts from what
// happened.

// Told in UTC: the server's render and the browser's hydration say the same month.
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function PublicCompanyProfile({ company }: { company: PublicCompany }) {
  return (
    <section aria-labelledby="company-profile-title" className="grid gap-4 rounded-lg border border-border p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="company-profile-title" className="flex items-center gap-2 text-lg font-semibold break-words">
          <Building2Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          About {company.name}
        </h2>
        {company.payment_verified ? (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800">
            <BadgeCheckIcon className="size-4" aria-hidden="true" />
            Payment verified
          </p>
        ) : (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-sm text-muted-foreground">
            <CircleDashedIcon className="size-4" aria-hidden="true" />
            Payment not verified yet
          </p>
        )}
      </div>
      <p className="text-sm leading-relaxed break-words whitespace-pre-line text-muted-foreground">
        {company.about || `${company.name} has not written about itself yet.`}
      </p>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
        <Fact label="Company size">{company.size ? `${company.size} employees` : 'Not given'}</Fact>
        <Fact label="Location">{company.location || 'Not given'}</Fact>
        <Fact label="On Tandem since">
          <time dateTime={company.member_since}>{monthYear.format(new Date(company.member_since))}</time>
        </Fact>
        <Fact label="Jobs posted">{company.jobs_posted}</Fact>
        <Fact label="Hires made">{company.hires_made}</Fact>
        <Fact label="Rating from talent">
          <StarRating rating={company.rating} reviewCount={company.review_count} />
        </Fact>
        {company.website && (
          <Fact label="Website">
            <a
              href={company.website}
              rel="nofollow noopener noreferrer"
              target="_blank"
              className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
            >
              {company.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Fact>
        )}
      </dl>
    </section>
  );
}

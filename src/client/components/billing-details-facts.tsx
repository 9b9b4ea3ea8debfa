import type { ReactNode } from 'react';
import { cn } from '~/client/lib/cn';
import { billingAddressLines, billingDetailsTexts } from '~/shared/billing-details-texts';
import { formatBasisPoints } from '~/shared/billing-texts';

interface BillingDetailsFactsProps {
  details: {
    legal_name: string;
    address_line1: string;
    address_line2: string;
    city: string;
    region: string;
    postal_code: string;
    country: string;
    tax_id: string;
    currency: string;
    tax_rate_basis_points: number;
    payment_terms_days: number;
  };
}

// A dl holds only dt and dd, or divs of them (axe's definition-list rule): every fact sits straight in it.
function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('grid content-start gap-0.5', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

// 14 → 'Due 14 days after issue'.
export function paymentTermsLabel(days: number): string {
  if (days === 0) return 'Due on the day of issue';
  return `Due ${days} ${days === 1 ? 'day' : 'days'} after issue`;
}

const notSet = <span className="font-normal text-muted-foreground">Not set</span>;

// A company's billing details read-only, as its invoices will name it: without zod, so Billing shows them
// without loading the form (decision 042).
export function BillingDetailsFacts({ details }: BillingDetailsFactsProps) {
  const address = billingAddressLines(details);
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Fact label="Legal name">
        {details.legal_name || (
          <span className="font-normal text-muted-foreground">{billingDetailsTexts.noLegalName}</span>
        )}
      </Fact>
      <Fact label="Tax ID">{details.tax_id || notSet}</Fact>
      <Fact label="Billing currency">{details.currency}</Fact>
      {/* Beside both rates on a wide screen: an address runs to four lines. */}
      <Fact label="Address" className="sm:row-span-2">
        {address.length === 0 ? notSet : <span className="whitespace-pre-line">{address.join('\n')}</span>}
      </Fact>
      <RateFacts details={details} />
    </dl>
  );
}

function RateFacts({ details }: BillingDetailsFactsProps) {
  return (
    <>
      <Fact label="Tax rate">{formatBasisPoints(details.tax_rate_basis_points)}</Fact>
      <Fact label="Payment terms">{paymentTermsLabel(details.payment_terms_days)}</Fact>
    </>
  );
}

// The tax rate and terms alone, beside a form that changes the rest.
export function BillingRatesFacts({ details }: BillingDetailsFactsProps) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <RateFacts details={details} />
    </dl>
  );
}

import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { formatIsoDay } from '~/client/lib/iso-day';
import {
  type OwnTaxForm,
  type TaxFormStanding as Standing,
  taxFormStandingLabels,
  taxFormStatusText,
} from '~/shared/tax-forms';

const variants: Record<Standing, BadgeVariant> = {
  none: 'warning',
  on_file: 'success',
  expiring: 'warning',
  expired: 'danger',
};

// Where a talent's tax form stands (issue 56), as a badge and a sentence: the talent's Tax Form page and
// Earnings, and an applicant's drawer in Applicant Management.
export function TaxFormStanding({ own }: { own: Pick<OwnTaxForm, 'form' | 'standing' | 'required_for_payouts'> }) {
  return (
    <div className="grid justify-items-start gap-1">
      <Badge variant={own.standing === 'none' && !own.required_for_payouts ? 'neutral' : variants[own.standing]}>
        {taxFormStandingLabels[own.standing]}
      </Badge>
      <p className="text-sm">{taxFormStatusText(own, formatIsoDay)}</p>
    </div>
  );
}

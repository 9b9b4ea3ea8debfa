import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { type AgreementState, agreementStateLabels } from '~/shared/agreements';

const variants: Record<AgreementState, BadgeVariant> = {
  awaiting_talent: 'warning',
  awaiting_company: 'info',
  completed: 'success',
  declined: 'danger',
  voided: 'neutral',
  expired: 'neutral',
};

export function AgreementStateBadge({ state }: { state: AgreementState }) {
  return <Badge variant={variants[state]}>{agreementStateLabels[state]}</Badge>;
}

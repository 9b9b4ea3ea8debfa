import { useQuery } from '@tanstack/react-query';
import { BookOpenIcon, CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { type SummaryCardProps, SummaryCards } from '~/client/components/summary-cards';
import { formatCents } from '~/shared/billing-texts';
import { type LedgerSummary, ledgerAccountLabels, ledgerAccounts } from '~/shared/payouts';
import { ledgerQueryOptions } from './api';

// Debits are positive and credits negative (docs/decisions/036): a card shows the amount and which side
// it stands on, so the talent payable (a credit) does not read as money the talent owes.
const sideOf = (cents: number) => (cents > 0 ? 'Debit balance' : cents < 0 ? 'Credit balance' : 'Nothing in it');

function ledgerCards({ accounts, imbalance_cents: imbalance }: LedgerSummary): SummaryCardProps[] {
  const isBalanced = imbalance === 0;
  const status: SummaryCardProps = {
    label: 'Ledger',
    value: isBalanced ? (
      'Balanced'
    ) : (
      <span className="text-destructive">Out of balance by {formatCents(Math.abs(imbalance))}</span>
    ),
    hint: isBalanced ? 'Every transaction’s entries sum to zero.' : 'The entries do not sum to zero.',
    icon: isBalanced ? <CircleCheckIcon /> : <TriangleAlertIcon />,
  };
  // In the ledger's own order, whatever order the answer lists them in.
  const ordered = [...accounts].sort((a, b) => ledgerAccounts.indexOf(a.account) - ledgerAccounts.indexOf(b.account));
  return [
    status,
    ...ordered.map(({ account, balance_cents: cents }) => ({
      label: ledgerAccountLabels[account],
      value: formatCents(Math.abs(cents)),
      hint: sideOf(cents),
      icon: <BookOpenIcon />,
    })),
  ];
}

// The ledger's accounts and whether it balances, above the runs and balances they sum up.
export function LedgerCards() {
  return (
    <SummaryCards
      query={useQuery(ledgerQueryOptions())}
      label="Ledger"
      count={ledgerAccounts.length + 1}
      failure="Failed to load the ledger. Please try again."
      cardsOf={ledgerCards}
    />
  );
}

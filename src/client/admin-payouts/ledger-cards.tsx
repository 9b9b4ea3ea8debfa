import { useQuery } from '@tanstack/react-query';
import { BookOpenIcon, CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { type SummaryCardProps, SummaryCards } from '~/client/components/summary-cards';
import type { Currency } from '~/shared/currencies';
import { formatMoney } from '~/shared/money-format';
import { type LedgerAccount, type LedgerSummary, ledgerAccountLabels, ledgerAccounts } from '~/shared/payouts';
import { ledgerQueryOptions } from './api';

// Debits are positive and credits negative (docs/decisions/036): a card shows the amount and which side
// it stands on, so the talent payable (a credit) does not read as money the talent owes.
const sideOf = (cents: number) => (cents > 0 ? 'Debit balance' : cents < 0 ? 'Credit balance' : 'Nothing in it');
const sideWord = (cents: number) => (cents > 0 ? 'debit' : 'credit');

// A figure a line per currency (decision 051: each currency balances on its own, and none is added to another).
function perCurrency(amounts: readonly { currency: Currency; cents: number }[]) {
  return (
    <span className="grid">
      {amounts.map(({ currency, cents }) => (
        <span key={currency}>{formatMoney(cents, currency)}</span>
      ))}
    </span>
  );
}

function accountCard(account: LedgerAccount, balances: { currency: Currency; cents: number }[]): SummaryCardProps {
  const held = balances.filter(({ cents }) => cents !== 0);
  const sides = new Set(held.map(({ cents }) => Math.sign(cents)));
  const [first] = balances;
  return {
    label: ledgerAccountLabels[account],
    value:
      held.length === 0
        ? formatMoney(0, first?.currency ?? 'USD')
        : perCurrency(held.map(({ currency, cents }) => ({ currency, cents: Math.abs(cents) }))),
    // One side for all its currencies, else each currency's: an FX clearing account can be both.
    hint:
      sides.size <= 1
        ? sideOf(held[0]?.cents ?? 0)
        : held.map(({ currency, cents }) => `${sideWord(cents)} in ${currency}`).join(', '),
    icon: <BookOpenIcon />,
  };
}

function ledgerCards({ currencies }: LedgerSummary): SummaryCardProps[] {
  const unbalanced = currencies.filter((block) => block.imbalance_cents !== 0);
  const status: SummaryCardProps = {
    label: 'Ledger',
    value:
      unbalanced.length === 0 ? (
        'Balanced'
      ) : (
        <span className="text-destructive">
          Out of balance by{' '}
          {unbalanced.map((block) => formatMoney(Math.abs(block.imbalance_cents), block.currency)).join(' · ')}
        </span>
      ),
    hint:
      unbalanced.length === 0
        ? 'Every transaction’s entries sum to zero in each currency.'
        : 'The entries do not sum to zero in each currency.',
    icon: unbalanced.length === 0 ? <CircleCheckIcon /> : <TriangleAlertIcon />,
  };
  // In the ledger's own order, whatever order the answer lists them in; an account with a card once.
  const accounts = ledgerAccounts.filter((account) =>
    currencies.some((block) => block.accounts.some((row) => row.account === account)),
  );
  return [
    status,
    ...accounts.map((account) =>
      accountCard(
        account,
        currencies.flatMap((block) =>
          block.accounts
            .filter((row) => row.account === account)
            .map((row) => ({ currency: block.currency, cents: row.balance_cents })),
        ),
      ),
    ),
  ];
}

// The ledger's accounts a currency at a time and whether each currency balances, above the runs and
// balances they sum up.
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

// Monthly Revenue (docs/decisions/023-monthly-revenue.md): the invoices issued this calendar month (UTC),
// paid or not, their work and platform fee, before tax. One label and one explanation wherever the figure
// is shown (admin dashboard, Company Management, Account Manager Management, the manager portal).
export const monthlyRevenueTexts = {
  label: 'Monthly Revenue',
  // Beside the figure on a card.
  hint: 'Invoiced this month, before tax',
  // Under a page's title, where a table shows the figure per row.
  explained: 'Monthly Revenue is what was invoiced this calendar month, before tax.',
} as const;

import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import type { InvoiceListQuery, InvoiceSortKey } from '~/shared/billing';
import { invoiceSortKeys, invoiceStatuses } from '~/shared/billing-texts';

// The Invoices list's state in the URL of /company/billing:
// ?q=inv-2026&status=overdue&from=2026-10-01&to=2026-10-31&sort=amount_asc&page=2
// The sort is one key, column and order together, so a link carries both or neither.

export type SortOrder = 'asc' | 'desc';
export type InvoiceSort = `${InvoiceSortKey}_${SortOrder}`;

export const invoiceSorts = invoiceSortKeys.flatMap((key) => [`${key}_asc`, `${key}_desc`] as const);

// docs/spec/admin-billing-and-content.md §9: issue date, newest first, until a header is clicked.
const DEFAULT_INVOICE_SORT = { key: 'issueDate', order: 'desc' } as const satisfies {
  key: InvoiceSortKey;
  order: SortOrder;
};

export const invoicesSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  sorts: invoiceSorts,
  filters: {
    status: searchParam.oneOf('status', invoiceStatuses),
    // Issue date range, inclusive days (YYYY-MM-DD).
    from: searchParam.day('from'),
    to: searchParam.day('to'),
  },
});

type InvoicesSearchState = ListSearchStateOf<typeof invoicesSearch>;

export function readInvoiceSort(sort: InvoiceSort | null): { key: InvoiceSortKey; order: SortOrder } {
  if (!sort) return DEFAULT_INVOICE_SORT;
  const separator = sort.lastIndexOf('_');
  return { key: sort.slice(0, separator) as InvoiceSortKey, order: sort.slice(separator + 1) as SortOrder };
}

// docs/spec/admin-billing-and-content.md §9: a new column sorts ascending first; the current column flips.
export function nextInvoiceSort(current: InvoiceSort | null, key: InvoiceSortKey): InvoiceSort | null {
  const { key: currentKey, order } = readInvoiceSort(current);
  return toSortParam(key === currentKey ? `${key}_${order === 'asc' ? 'desc' : 'asc'}` : `${key}_asc`);
}

// The default order is left out of the URL.
export const toSortParam = (sort: InvoiceSort): InvoiceSort | null =>
  sort === `${DEFAULT_INVOICE_SORT.key}_${DEFAULT_INVOICE_SORT.order}` ? null : sort;

// The state as GET /api/company/invoices takes it.
export function toInvoiceListQuery(state: InvoicesSearchState): InvoiceListQuery {
  const { key, order } = readInvoiceSort(state.sort);
  return {
    q: state.q || undefined,
    status: state.status ?? undefined,
    from: state.from ?? undefined,
    to: state.to ?? undefined,
    sort: key,
    order,
    page: state.page,
    page_size: state.pageSize,
  };
}

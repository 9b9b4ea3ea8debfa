import type { ReactNode } from 'react';
import { type DataListColumn, PhoneLabel } from './data-list';

// A DataList column of one figure (a count, an amount): right-aligned from 768 px, named on a phone.
export function figureColumn<Item>({
  id,
  header,
  phoneLabel = header,
  phoneOrder,
  value,
}: {
  id: string;
  header: string;
  phoneLabel?: string;
  phoneOrder: DataListColumn<Item>['phoneOrder'];
  value: (item: Item) => ReactNode;
}): DataListColumn<Item> {
  return {
    id,
    phone: 'detail',
    phoneOrder,
    header,
    className: 'whitespace-nowrap tabular-nums md:text-right',
    cell: (item) => (
      <>
        <PhoneLabel>{phoneLabel}</PhoneLabel>
        {value(item)}
      </>
    ),
  };
}

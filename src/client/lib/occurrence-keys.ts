// React keys for lists whose items may repeat exactly (two identical rubric lines, two events in the same
// second): each item's own signature, numbered by how often it came before, so a key stays with its item.
export function occurrenceKeys<Item>(items: readonly Item[], signatureOf: (item: Item) => string): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const signature = signatureOf(item);
    const count = seen.get(signature) ?? 0;
    seen.set(signature, count + 1);
    return `${signature}#${count}`;
  });
}

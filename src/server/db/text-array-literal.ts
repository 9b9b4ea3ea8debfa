// A text[] literal ({"react","node.js"}) for a query parameter: both drivers pass it as one string,
// whatever the items hold, where a JavaScript array would be sent differently by each.
export const textArrayLiteral = (items: string[]) =>
  `{${items.map((item) => `"${item.replace(/[\\"]/g, (character) => `\\${character}`)}"`).join(',')}}`;

// "Ada Lovelace’s", "Northwind Outfitters’": a name's possessive as the screens and emails write it (AP
// style: a name ending in s takes the apostrophe alone). "Northwind Outfitters’s offer" read as a typo.
export function possessive(name: string): string {
  return /s$/i.test(name.trim()) ? `${name}’` : `${name}’s`;
}

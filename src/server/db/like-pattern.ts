// A search for text anywhere in a column (ilike): the user's %, _ and \ match themselves.
export const containingPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

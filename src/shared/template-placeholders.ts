// Placeholders written into a text ({{name}}, spaces inside the braces forgiven) and filled when it is used: a
// set per kind of text — the candidate's in messages and rejection reasons, the parties' and terms in agreements.

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function placeholderSet<const Name extends string>(names: readonly Name[]) {
  const isName = (name: string): name is Name => (names as readonly string[]).includes(name);
  const list = names.map((name) => `{{${name}}}`);
  return {
    names,
    list,
    // The placeholders of a body that are not this set's, each once, as written ("{{name}}").
    unknown(body: string): string[] {
      const unknown = new Set<string>();
      for (const match of body.matchAll(PLACEHOLDER)) {
        if (!isName(match[1] ?? '')) unknown.add(`{{${match[1]}}}`);
      }
      return [...unknown];
    },
    unknownMessage(unknown: string[]): string {
      return `${unknown.length === 1 ? 'Unknown placeholder' : 'Unknown placeholders'} ${unknown.join(', ')}: use ${list.join(', ')}.`;
    },
    // The body with each placeholder replaced by its value.
    fill(body: string, values: Record<Name, string>): string {
      return body.replace(PLACEHOLDER, (whole, name: string) => (isName(name) ? values[name] : whole));
    },
  };
}

// The placeholders a company writes into its messages and rejection reasons, filled per candidate when sent.
export const templatePlaceholders = ['first_name', 'job_title', 'company_name'] as const;
export type TemplatePlaceholder = (typeof templatePlaceholders)[number];
export const templatePlaceholderDescriptions: Record<TemplatePlaceholder, string> = {
  first_name: 'the candidate’s first name',
  job_title: 'the job’s title',
  company_name: 'your company’s name',
};
export type TemplateValues = Record<TemplatePlaceholder, string>;

const messagePlaceholders = placeholderSet(templatePlaceholders);
export const placeholderList = messagePlaceholders.list;
export const unknownPlaceholders = messagePlaceholders.unknown;
export const unknownPlaceholderMessage = messagePlaceholders.unknownMessage;
export const fillTemplate = messagePlaceholders.fill;

// The first word of a name ("Ada" of "Ada Lovelace"), the whole name when it has one word.
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

// The placeholders a company writes into its messages and rejection reasons, filled per candidate when sent.

export const templatePlaceholders = ['first_name', 'job_title', 'company_name'] as const;
export type TemplatePlaceholder = (typeof templatePlaceholders)[number];
export const templatePlaceholderDescriptions: Record<TemplatePlaceholder, string> = {
  first_name: 'the candidate’s first name',
  job_title: 'the job’s title',
  company_name: 'your company’s name',
};
export type TemplateValues = Record<TemplatePlaceholder, string>;

// {{first_name}}, spaces inside the braces forgiven.
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const isPlaceholder = (name: string): name is TemplatePlaceholder =>
  (templatePlaceholders as readonly string[]).includes(name);

export const placeholderList = templatePlaceholders.map((name) => `{{${name}}}`);

// The placeholders of a body that are not ours, each once, as written ("{{name}}").
export function unknownPlaceholders(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER)) {
    if (!isPlaceholder(match[1] ?? '')) unknown.add(`{{${match[1]}}}`);
  }
  return [...unknown];
}

export function unknownPlaceholderMessage(unknown: string[]): string {
  const named = unknown.join(', ');
  return `${unknown.length === 1 ? 'Unknown placeholder' : 'Unknown placeholders'} ${named}: use ${placeholderList.join(', ')}.`;
}

// The body with each placeholder replaced by the candidate's value.
export function fillTemplate(body: string, values: TemplateValues): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));
}

// The first word of a name ("Ada" of "Ada Lovelace"), the whole name when it has one word.
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import {
  type ArrayPath,
  type FieldArray,
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormReturn,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FieldError } from '~/client/components/ui/form-field';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import type { ApplicantProfile } from '~/shared/talent';
import { backgroundTexts } from '~/shared/talent-background';

export interface ListValues<Values> {
  items: Values[];
}

export interface BackgroundListFormProps<Values extends Record<string, unknown>, Item> {
  title: string;
  description: string;
  // "job": the entries' legends ("Job 2"), the add button ("Add job") and the toast.
  itemNoun: string;
  // What the toast says was saved: "work history".
  savedNoun: string;
  emptyText: string;
  items: Item[];
  toValues: (item: Item) => Values;
  emptyValues: Values;
  // The form's values as the API takes them; the shared schema checks them before sending.
  toInput: (values: Values) => unknown;
  schema: z.ZodType;
  // Checks of the form's own (an end month left empty without "current"), by field of the entry.
  checkEntry?: (values: Values) => Partial<Record<keyof Values & string, string>>;
  max: number;
  // New entries go first (the work history, most recent first) or last.
  addsFirst?: boolean;
  save: (input: { items: unknown[] }) => Promise<ApplicantProfile>;
  savedItems: (profile: ApplicantProfile) => Item[];
  // The entry's name for its buttons ("Move Staff Engineer up").
  entryName: (values: Values, index: number) => string;
  renderFields: (index: number, form: UseFormReturn<ListValues<Values>>) => ReactNode;
  // Extra buttons beside Add (the work history's "Sort by date").
  renderTools?: (form: UseFormReturn<ListValues<Values>>) => ReactNode;
}

// One background list of the profile as a form of its own: entries added, edited, removed and moved up or
// down with the keyboard or the pointer, checked by the shared schema with each message beside its field,
// and saved whole in the order shown (PUT /api/applicant/profile/<list>).
export function BackgroundListForm<Values extends Record<string, unknown>, Item>(
  props: BackgroundListFormProps<Values, Item>,
) {
  const { title, description, itemNoun, emptyText, items, toValues, emptyValues, max, addsFirst = false } = props;
  const titleId = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const resolver: Resolver<ListValues<Values>> = (values) => {
    const problems: Record<string, string> = {};
    const result = props.schema.safeParse({ items: values.items.map(props.toInput) });
    if (!result.success) {
      for (const issue of result.error.issues) problems[issue.path.join('.')] ??= issue.message;
    }
    values.items.forEach((entry, index) => {
      for (const [field, message] of Object.entries(props.checkEntry?.(entry) ?? {})) {
        if (typeof message === 'string') problems[`items.${index}.${field}`] ??= message;
      }
    });
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<ListValues<Values>>(problems, ['items']) as FieldErrors };
  };
  const form = useForm<ListValues<Values>>({ resolver, defaultValues: { items: items.map(toValues) } as never });
  const name = 'items' as ArrayPath<ListValues<Values>>;
  const { fields, append, prepend, remove, move } = useFieldArray({ control: form.control, name });
  const listError = (form.formState.errors.items as { root?: { message?: string } } | undefined)?.root?.message;
  const { isSubmitting } = form.formState;
  // The entries as typed: their buttons are named after them ("Move Staff Engineer up").
  const watched = (form.watch(name as Path<ListValues<Values>>) ?? []) as Values[];

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = await props.save({ items: values.items.map(props.toInput) });
      form.reset({ items: props.savedItems(saved).map(toValues) } as never);
      toast({ title: backgroundTexts.saved(props.savedNoun) });
    } catch (error) {
      const fieldNames = values.items.flatMap((_, index) =>
        Object.keys(emptyValues).map((field) => `items.${index}.${field}` as Path<ListValues<Values>>),
      );
      const message = applyServerError(form, error, { fields: fieldNames, fallback: backgroundTexts.saveError });
      if (message === null) return;
      setBanner(message);
      const text = isApiError(error) && error.status < 500 ? message : backgroundTexts.saveError;
      toast({ title: `Error saving ${props.savedNoun}`, description: text, variant: 'destructive' });
    }
  });

  const newEntry = emptyValues as FieldArray<ListValues<Values>, typeof name>;
  const label = itemNoun.charAt(0).toUpperCase() + itemNoun.slice(1);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          {banner && <Alert variant="destructive">{banner}</Alert>}
          {fields.length === 0 && <p className="text-sm text-muted-foreground">{emptyText}</p>}
          <ol className="grid gap-4">
            {fields.map((field, index) => {
              const entryName = props.entryName(watched[index] ?? emptyValues, index);
              return (
                <li key={field.id}>
                  <fieldset className="grid gap-4 rounded-md border border-border p-3 sm:p-4">
                    <legend className="px-1 text-sm font-semibold">
                      {label} {index + 1}
                    </legend>
                    {props.renderFields(index, form)}
                    <div className="flex flex-wrap gap-2">
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        disabled={index === 0}
                        aria-label={`Move ${entryName} up`}
                        onClick={() => move(index, index - 1)}
                      >
                        <ArrowUpIcon aria-hidden="true" />
                        Up
                      </Button>
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        disabled={index === fields.length - 1}
                        aria-label={`Move ${entryName} down`}
                        onClick={() => move(index, index + 1)}
                      >
                        <ArrowDownIcon aria-hidden="true" />
                        Down
                      </Button>
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        aria-label={`Remove ${entryName}`}
                        onClick={() => remove(index)}
                      >
                        <Trash2Icon aria-hidden="true" />
                        Remove
                      </Button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {listError && <FieldError>{listError}</FieldError>}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={fields.length >= max}
              onClick={() => (addsFirst ? prepend(newEntry) : append(newEntry))}
            >
              <PlusIcon aria-hidden="true" />
              Add {itemNoun}
            </Button>
            {props.renderTools?.(form)}
          </div>
          {fields.length >= max && (
            <p className="text-sm text-muted-foreground">
              {label} limit reached: at most {max}.
            </p>
          )}
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : `Save ${title}`}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

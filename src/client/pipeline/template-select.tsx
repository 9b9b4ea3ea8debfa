import { useQuery } from '@tanstack/react-query';
import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';
import { type MessageTemplate, messageTemplateTexts } from '~/shared/message-templates';
import { templateChoicesQueryOptions } from './board-api';

// One of the company's message templates to start a text from (a message, a rejection's reason), or none.
export function TemplateSelect({
  label,
  value,
  onChoose,
}: {
  label: string;
  value: string;
  onChoose: (id: string, template: MessageTemplate | undefined) => void;
}) {
  const templates = useQuery(templateChoicesQueryOptions());
  return (
    <FormField
      label={label}
      hint={templates.isError ? messageTemplateTexts.loadError : 'Templates are written in Settings.'}
    >
      {(control) => (
        <NativeSelect
          {...control}
          value={value}
          onChange={(event) =>
            onChoose(
              event.target.value,
              templates.data?.items.find((item) => item.id === event.target.value),
            )
          }
        >
          <option value="">Write your own</option>
          {templates.data?.items.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

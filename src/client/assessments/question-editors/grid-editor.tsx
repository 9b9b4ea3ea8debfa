import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FieldError } from '~/client/components/ui/form-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { messagesOf } from '~/client/lib/form-errors';
import { MAX_GRID_LINES } from '~/shared/assessments';
import { type EditableQuestion, isSingleAnswerType, typedLines } from '../question-content';
import { LineListEditor } from './line-list-editor';

// Multiple choice grid and checkbox grid: the rows, the columns, and the correct column (or columns) of
// each row, ticked in a table of the rows and columns typed so far.
export function GridEditor() {
  const { control, formState } = useFormContext<EditableQuestion>();
  const [type, rowLines, columnLines] = useWatch({ control, name: ['type', 'rows', 'columns'] });
  const rows = typedLines(rowLines);
  const columns = typedLines(columnLines);
  const isSingle = isSingleAnswerType(type);
  // One message for the whole key (typed as a record of rows, its errors could be per row).
  const [error] = messagesOf(formState.errors.gridAnswers);
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="grid gap-5 md:grid-cols-2">
        <LineListEditor
          name="rows"
          legend="Rows"
          itemLabel="Row"
          addLabel="Add Row"
          removableFrom={1}
          maxLines={MAX_GRID_LINES}
        />
        <LineListEditor
          name="columns"
          legend="Columns"
          itemLabel="Column"
          addLabel="Add Column"
          removableFrom={1}
          maxLines={MAX_GRID_LINES}
        />
      </div>
      <fieldset className="grid min-w-0 grid-cols-1 gap-2">
        <legend className="mb-2 text-sm font-medium">
          {isSingle ? 'Correct answers: one column per row' : 'Correct answers: any columns per row'}
        </legend>
        {rows.length === 0 || columns.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Type the rows and columns, then mark the correct answers here.
          </p>
        ) : (
          <Controller
            control={control}
            name="gridAnswers"
            render={({ field }) => {
              const answers = field.value;
              const setAnswer = (rowId: string, columnId: string, isChosen: boolean) => {
                const current = answers[rowId] ?? [];
                const next = isSingle
                  ? [columnId]
                  : isChosen
                    ? [...current, columnId]
                    : current.filter((other) => other !== columnId);
                field.onChange({ ...answers, [rowId]: next });
              };
              return (
                <div className="rounded-md border border-border">
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead>
                          <span className="sr-only">Row</span>
                        </TableHead>
                        {columns.map((column) => (
                          <TableHead key={column.id} className="text-center">
                            {column.text}
                          </TableHead>
                        ))}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {rows.map((row) => {
                        const chosen = answers[row.id] ?? [];
                        return (
                          <TableRow key={row.id}>
                            <TableHead scope="row" className="font-medium text-foreground">
                              {row.text}
                            </TableHead>
                            {columns.map((column) => {
                              const name = `${row.text}: ${column.text}`;
                              const isChosen = chosen.includes(column.id);
                              return (
                                <TableCell key={column.id} className="text-center">
                                  {isSingle ? (
                                    <input
                                      type="radio"
                                      name={`grid-${row.id}`}
                                      aria-label={name}
                                      checked={isChosen}
                                      onChange={() => setAnswer(row.id, column.id, true)}
                                      className="size-4 accent-primary"
                                    />
                                  ) : (
                                    <Checkbox
                                      aria-label={name}
                                      checked={isChosen}
                                      onCheckedChange={(checked) => setAnswer(row.id, column.id, checked === true)}
                                    />
                                  )}
                                </TableCell>
                              );
                            })}
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </div>
              );
            }}
          />
        )}
        {error && <FieldError>{error}</FieldError>}
      </fieldset>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { MailPlusIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { type MessageTemplate, messageTemplateTexts } from '~/shared/message-templates';
import { messageTemplatesQueryOptions, TEMPLATES_PAGE_SIZE, useDeleteMessageTemplate } from './api';
import { TemplateFormDialog } from './template-form-dialog';

export const MESSAGE_TEMPLATES_SECTION_ID = 'message-templates';

// "Message templates" in Company Settings: the company's templates a page at a time, written, changed and
// deleted by those who may (`canEdit`), read by the others. The pipeline offers them when writing to
// candidates.
export function MessageTemplatesSection({ canEdit }: { canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const templates = useQuery(messageTemplatesQueryOptions({ page }));
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const remove = useDeleteMessageTemplate();
  const items = templates.data?.items ?? [];

  function handleDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Template deleted', description: deleting.name });
        setDeleting(null);
        // The last one of a later page gone: show the page before.
        if (items.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => {
        setDeleting(null);
        toast({
          variant: 'destructive',
          title: 'The template was not deleted',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
        });
      },
    });
  }

  return (
    <Card id={MESSAGE_TEMPLATES_SECTION_ID} aria-labelledby="message-templates-title" className="scroll-mt-20">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id="message-templates-title">Message templates</CardTitle>
          <CardDescription>
            Messages your team sends candidates as they move through a pipeline, or to a whole stage at once.{' '}
            {messageTemplateTexts.placeholdersHelp}
          </CardDescription>
        </div>
        {canEdit && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" />
            New template
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {templates.isPending && (
          <div role="status" aria-label="Loading message templates" className="grid gap-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        )}
        {templates.isError && (
          <Alert variant="destructive" className="flex-col gap-2">
            <p>{errorMessage(templates.error, messageTemplateTexts.loadError)}</p>
            <Button size="sm" variant="outline" className="w-fit" onClick={() => templates.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {templates.isSuccess && items.length === 0 && (
          <div className="grid justify-items-center gap-2 rounded-md border border-dashed border-border px-4 py-8 text-center">
            <MailPlusIcon aria-hidden="true" className="size-6 text-muted-foreground" />
            <p className="font-medium">No message templates yet</p>
            <p className="text-sm text-muted-foreground">
              {canEdit
                ? 'Write one to send the same words to many candidates, each with their own name.'
                : 'Your team has not written any yet.'}
            </p>
          </div>
        )}
        {items.length > 0 && (
          <ul aria-label="Message templates" className="grid divide-y divide-border rounded-md border border-border">
            {items.map((template) => (
              <li key={template.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="grid min-w-0 gap-1">
                  <p className="font-medium">{template.name}</p>
                  <p className="line-clamp-2 whitespace-pre-wrap break-words text-sm text-muted-foreground">
                    {template.body}
                  </p>
                </div>
                {canEdit && (
                  <div className="flex shrink-0 gap-1">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Edit ${template.name}`}
                      onClick={() => setEditing(template)}
                    >
                      <PencilIcon aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${template.name}`}
                      onClick={() => setDeleting(template)}
                    >
                      <Trash2Icon aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {templates.data && (
          <Pagination
            page={page}
            pageSize={TEMPLATES_PAGE_SIZE}
            total={templates.data.total}
            onPageChange={setPage}
            noun="templates"
          />
        )}
      </CardContent>
      <TemplateFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        template={editing === 'new' ? null : editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this template'}?`}
        description="Messages already sent with it stay as they are."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={handleDelete}
      />
    </Card>
  );
}

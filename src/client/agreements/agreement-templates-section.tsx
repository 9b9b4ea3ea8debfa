import { useQuery } from '@tanstack/react-query';
import { FileSignatureIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import { type AgreementTemplate, agreementKindLabels, agreementTexts } from '~/shared/agreements';
import { AgreementPreview } from './agreement-preview';
import { AgreementTemplateDialog, type TemplateDialogMode } from './agreement-template-dialog';
import {
  AGREEMENT_TEMPLATES_PAGE_SIZE,
  agreementTemplatesQueryOptions,
  agreementTemplateVersionsQueryOptions,
  useArchiveAgreementTemplate,
} from './api';

// The agreements a company's hires sign (issue 57): Tandem's five defaults, read and copied, and the company's
// own templates, each save a version kept.
export function AgreementTemplatesSection() {
  const titleId = useId();
  const mayEdit = useAllowed('update:agreement_template:own');
  const [page, setPage] = useState(1);
  const templates = useQuery(agreementTemplatesQueryOptions({ page }));
  const [dialog, setDialog] = useState<TemplateDialogMode | null>(null);
  const [versionsOf, setVersionsOf] = useState<AgreementTemplate | null>(null);
  const [archiving, setArchiving] = useState<AgreementTemplate | null>(null);

  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id={titleId}>Agreement templates</CardTitle>
          <CardDescription>
            What your hires sign before work starts: Tandem’s templates as they are, or your own. Each save of your own
            is a new version; agreements already made keep the words they were made with.
          </CardDescription>
        </div>
        {mayEdit && (
          <Button onClick={() => setDialog({ kind: 'create', from: null })} className="shrink-0">
            <PlusIcon aria-hidden="true" />
            New template
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        {templates.isPending && (
          <div role="status" aria-label="Loading the agreement templates" className="space-y-2">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-9 w-full" />
            ))}
          </div>
        )}
        {templates.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(templates.error, agreementTexts.loadError)}</p>
              <Button size="sm" variant="outline" onClick={() => templates.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {templates.isSuccess && (
          <>
            <section aria-label="Your templates" className="grid min-w-0 gap-3">
              <h3 className="text-sm font-semibold">Your templates</h3>
              {templates.data.total === 0 ? (
                <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-border py-6 text-center text-sm text-muted-foreground">
                  <FileSignatureIcon aria-hidden="true" className="size-8" />
                  <p>No templates of your own yet: your hires sign Tandem’s.</p>
                </div>
              ) : (
                <>
                  <Table aria-label="Your agreement templates">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Template</TableHead>
                        <TableHead className="max-sm:hidden">Saved</TableHead>
                        <TableHead>
                          <span className="sr-only">Actions</span>
                        </TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {templates.data.items.map((template) => (
                        <TableRow key={template.id}>
                          <TableCell>
                            <span className="font-medium [overflow-wrap:anywhere]">{template.name}</span>
                            <span className="block text-xs text-muted-foreground">
                              {agreementKindLabels[template.kind]} · version {template.version}
                            </span>
                          </TableCell>
                          <TableCell className="text-sm text-muted-foreground max-sm:hidden">
                            {template.updated_at && formatIsoDay(template.updated_at.slice(0, 10))}
                            {template.updated_by_name && ` by ${template.updated_by_name}`}
                          </TableCell>
                          <TableCell>
                            <div className="flex flex-wrap justify-end gap-1">
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-label={`${mayEdit ? 'Edit' : 'Read'} ${template.name}`}
                                onClick={() =>
                                  setDialog(mayEdit ? { kind: 'edit', template } : { kind: 'view', template })
                                }
                              >
                                {mayEdit ? 'Edit' : 'Read'}
                              </Button>
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-label={`Versions of ${template.name}`}
                                onClick={() => setVersionsOf(template)}
                              >
                                Versions
                              </Button>
                              {mayEdit && (
                                <Button
                                  variant="ghost"
                                  size="sm"
                                  aria-label={`Archive ${template.name}`}
                                  onClick={() => setArchiving(template)}
                                >
                                  Archive
                                </Button>
                              )}
                            </div>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  <Pagination
                    page={page}
                    pageSize={AGREEMENT_TEMPLATES_PAGE_SIZE}
                    total={templates.data.total}
                    onPageChange={setPage}
                    noun="templates"
                  />
                </>
              )}
            </section>
            <section aria-label="Tandem’s templates" className="grid min-w-0 gap-3">
              <h3 className="text-sm font-semibold">Tandem’s templates</h3>
              <ul className="divide-y divide-border rounded-md border border-border">
                {templates.data.defaults.map((template) => (
                  <li key={template.id} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{template.name}</p>
                      <p className="text-xs text-muted-foreground">{agreementKindLabels[template.kind]}</p>
                    </div>
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Read ${template.name}`}
                        onClick={() => setDialog({ kind: 'view', template })}
                      >
                        Read
                      </Button>
                      {mayEdit && (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Make a template of your own from ${template.name}`}
                          onClick={() => setDialog({ kind: 'create', from: template })}
                        >
                          Make your own
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </CardContent>
      <AgreementTemplateDialog mode={dialog} onOpenChange={(open) => !open && setDialog(null)} />
      <VersionsDialog template={versionsOf} onClose={() => setVersionsOf(null)} />
      <ArchiveDialog template={archiving} onClose={() => setArchiving(null)} />
    </Card>
  );
}

function VersionsDialog({ template, onClose }: { template: AgreementTemplate | null; onClose: () => void }) {
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={template ? `Versions of ${template.name}` : ''}
        description="Every version saved, the latest first: an agreement keeps the words of the version it was made from."
        className="md:max-w-3xl"
      >
        {template && <VersionList id={template.id} />}
      </DialogContent>
    </Dialog>
  );
}

function VersionList({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const versions = useQuery(agreementTemplateVersionsQueryOptions(id, { page }));
  if (versions.isPending) return <Skeleton role="status" aria-label="Loading the versions" className="h-24 w-full" />;
  if (versions.isError) {
    return (
      <Alert variant="destructive">
        <div className="space-y-2">
          <p>{errorMessage(versions.error, 'Failed to load the versions. Please try again.')}</p>
          <Button size="sm" variant="outline" onClick={() => versions.refetch()}>
            Try Again
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <div className="grid min-w-0 gap-3">
      {versions.data.items.map((version) => (
        <details key={version.version} className="min-w-0 rounded-md border border-border px-3 py-2">
          <summary className="cursor-pointer text-sm">
            <span className="font-medium">Version {version.version}</span> · {version.name} ·{' '}
            {formatIsoDay(version.created_at.slice(0, 10))}
            {version.created_by_name && ` by ${version.created_by_name}`}
          </summary>
          <div className="mt-2">
            <AgreementPreview body={version.body} label={`Version ${version.version}`} />
          </div>
        </details>
      ))}
      <Pagination
        page={page}
        pageSize={versions.data.page_size}
        total={versions.data.total}
        onPageChange={setPage}
        noun="versions"
      />
    </div>
  );
}

function ArchiveDialog({ template, onClose }: { template: AgreementTemplate | null; onClose: () => void }) {
  const archive = useArchiveAgreementTemplate();
  return (
    <ConfirmDialog
      open={template !== null}
      onOpenChange={(open) => {
        if (!open && !archive.isPending) onClose();
      }}
      title={template ? `Archive ${template.name}?` : ''}
      description="It is offered for new hires no more. Agreements made from it keep its words, and its versions stay."
      confirmLabel={archive.isPending ? 'Archiving...' : 'Archive'}
      destructive
      pending={archive.isPending}
      onConfirm={async () => {
        if (!template) return;
        try {
          await archive.mutateAsync(template.id);
          toast({ title: agreementTexts.archived, description: template.name });
          onClose();
        } catch (error) {
          toast({
            title: 'Template not archived',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        }
      }}
    />
  );
}

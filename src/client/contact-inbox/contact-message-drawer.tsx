import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, RotateCcwIcon, SendIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DetailSection, NoneText } from '~/client/components/detail-section';
import { DetailFact, DetailsDrawer } from '~/client/components/details-drawer';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import {
  CONTACT_REPLY_MAX,
  type ContactMessageDetail,
  contactInboxTexts,
  contactSourceLabels,
  type ReplyToContactMessageInput,
  replyToContactMessageSchema,
} from '~/shared/contact';
import {
  contactAssigneesQueryOptions,
  contactMessageQueryOptions,
  useAssignContactMessage,
  useMarkContactMessage,
  useReplyToContactMessage,
} from './api';
import { formatMessageTime, isPastPromise, messageTitle } from './contact-message-format';

interface ContactMessageDrawerProps {
  // The message shown, or null when the drawer is closed.
  messageId: string | null;
  viewerId: string;
  onClose: () => void;
}

// One contact message in a drawer: the whole message and where it came from, its status and assignee,
// the replies sent, and the form that emails a new one.
export function ContactMessageDrawer({ messageId, viewerId, onClose }: ContactMessageDrawerProps) {
  const query = useQuery({ ...contactMessageQueryOptions(messageId ?? ''), enabled: messageId !== null });
  const message = query.data;
  return (
    <DetailsDrawer
      open={messageId !== null}
      onClose={onClose}
      title={message ? messageTitle(message) : 'Contact message'}
      query={query}
      notFoundText={contactInboxTexts.notFound}
      loadErrorText="The message could not be loaded. Please check your connection and try again."
    >
      {message && <MessageDetails key={message.id} message={message} viewerId={viewerId} />}
    </DetailsDrawer>
  );
}

function MessageDetails({ message, viewerId }: { message: ContactMessageDetail; viewerId: string }) {
  return (
    <>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DetailFact label="From">{message.name}</DetailFact>
        <DetailFact label="Email">
          <a className="text-primary underline underline-offset-4" href={`mailto:${message.email}`}>
            {message.email}
          </a>
        </DetailFact>
        {message.company && <DetailFact label="Company">{message.company}</DetailFact>}
        <DetailFact label="Sent through">{contactSourceLabels[message.source]}</DetailFact>
        <DetailFact label="Received">
          <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
        </DetailFact>
        <DetailFact label="Status">
          <span className="inline-flex flex-wrap items-center gap-2">
            {message.handled_at ? <Badge variant="success">Handled</Badge> : <Badge variant="info">New</Badge>}
            {isPastPromise(message) && <Badge variant="danger">Over 24 hours</Badge>}
          </span>
          {message.handled_at && (
            <span className="mt-1 block text-xs font-normal text-muted-foreground">
              {formatMessageTime(message.handled_at)}
              {message.handled_by && ` by ${message.handled_by.name}`}
            </span>
          )}
        </DetailFact>
      </dl>

      <DetailSection title="Message" level={3}>
        <p className="rounded-md border border-border bg-muted/40 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
          {message.message}
        </p>
      </DetailSection>

      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <AssigneeField message={message} viewerId={viewerId} />
        <StatusAction message={message} />
      </div>

      <DetailSection title="Replies" level={3}>
        {message.replies.length === 0 ? (
          <NoneText>No reply yet.</NoneText>
        ) : (
          <ol className="grid gap-3" aria-label="Replies">
            {message.replies.map((reply) => (
              <li key={reply.id} className="grid gap-1 rounded-md border border-border p-3">
                <p className="text-xs text-muted-foreground">
                  {reply.sent_by?.name ?? 'A former administrator'} ·{' '}
                  <time dateTime={reply.created_at}>{formatMessageTime(reply.created_at)}</time>
                </p>
                <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
      </DetailSection>

      {message.can_reply ? <ReplyForm message={message} /> : <Alert>{contactInboxTexts.senderRemoved}</Alert>}
    </>
  );
}

// The administrator who answers it: choosing assigns at once; "Assign to me" saves a look down the list.
function AssigneeField({ message, viewerId }: { message: ContactMessageDetail; viewerId: string }) {
  const assignees = useQuery(contactAssigneesQueryOptions());
  const assign = useAssignContactMessage();
  const options = assignees.data?.items ?? [];
  // The assignee stays listed while the options load, or once they are no longer an active administrator.
  const shown =
    message.assignee && !options.some((option) => option.id === message.assignee?.id)
      ? [...options, { ...message.assignee, email: '' }]
      : options;
  const change = (assigneeId: string | null) =>
    assign.mutate(
      { id: message.id, assigneeId },
      {
        onSuccess: (updated) =>
          toast({
            title: contactInboxTexts.assigned,
            description: updated.assignee
              ? `${updated.assignee.id === viewerId ? 'You answer' : `${updated.assignee.name} answers`} the message from ${updated.name}.`
              : `Nobody is assigned the message from ${updated.name} now.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: contactInboxTexts.assignFailed,
            description: errorMessage(error, contactInboxTexts.assignFailed),
          }),
      },
    );
  return (
    <FormField
      label="Assigned to"
      labelAside={
        message.assignee?.id !== viewerId && (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0"
            disabled={assign.isPending}
            onClick={() => change(viewerId)}
          >
            <UserPlusIcon aria-hidden="true" />
            Assign to me
          </Button>
        )
      }
    >
      {(control) => (
        <NativeSelect
          {...control}
          value={message.assignee?.id ?? ''}
          disabled={assign.isPending}
          onChange={(event) => change(event.target.value || null)}
        >
          <option value="">Unassigned</option>
          {shown.map((administrator) => (
            <option key={administrator.id} value={administrator.id}>
              {administrator.id === viewerId ? `${administrator.name} (you)` : administrator.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

function StatusAction({ message }: { message: ContactMessageDetail }) {
  const mark = useMarkContactMessage();
  const isHandled = message.handled_at !== null;
  const toggle = () =>
    mark.mutate(
      { id: message.id, handled: !isHandled },
      {
        onSuccess: (updated) =>
          toast({
            title: updated.handled_at ? contactInboxTexts.handled : contactInboxTexts.reopened,
            description: updated.handled_at
              ? `The message from ${updated.name} left the new messages.`
              : `The message from ${updated.name} is among the new messages again.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error, contactInboxTexts.markFailed),
          }),
      },
    );
  return (
    <Button variant="outline" onClick={toggle} disabled={mark.isPending}>
      {isHandled ? <RotateCcwIcon aria-hidden="true" /> : <CheckIcon aria-hidden="true" />}
      {isHandled ? 'Reopen' : 'Mark as Handled'}
    </Button>
  );
}

// The answer, emailed to the sender with the message quoted under it; the message becomes handled.
function ReplyForm({ message }: { message: ContactMessageDetail }) {
  const reply = useReplyToContactMessage();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ReplyToContactMessageInput>({
    defaultValues: { body: '' },
    resolver: zodResolver(replyToContactMessageSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ body }) => {
    setBanner(null);
    try {
      await reply.mutateAsync({ id: message.id, body });
      form.reset({ body: '' });
      toast({ title: contactInboxTexts.replied, description: `Emailed to ${message.email}.` });
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['body'], fallback: contactInboxTexts.replyFailed }));
    }
  });
  return (
    <form noValidate className="grid gap-3" onSubmit={submit}>
      <FormField
        label={`Reply to ${message.name}`}
        error={errors.body?.message}
        hint={`Emailed to ${message.email} above their message, signed with your name; their answer comes to your email address. ${message.handled_at ? '' : 'The message is then marked handled.'}`.trim()}
      >
        {(control) => <Textarea {...control} rows={6} maxLength={CONTACT_REPLY_MAX} {...form.register('body')} />}
      </FormField>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          <SendIcon aria-hidden="true" />
          {isSubmitting ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}

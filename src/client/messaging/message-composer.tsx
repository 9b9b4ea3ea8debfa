import { PaperclipIcon, SendHorizontalIcon, XIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import { formatFileSize } from '~/client/lib/file-size';
import { sendLive } from '~/client/lib/live-socket';
import type { UploadedAttachment } from '~/shared/messaging';
import { ATTACHMENT_MAX_BYTES, MESSAGE_BODY_MAX_LENGTH } from '~/shared/messaging-limits';
import { attachmentAccept, messagingTexts, TYPING_SEND_INTERVAL_MS } from '~/shared/messaging-texts';
import { uploadAttachment } from './api';

// The message box: Enter sends, Shift+Enter starts a new line. A file is uploaded when chosen, so
// sending only names it; while someone types the others hear so, at most every few seconds.
export function MessageComposer({
  conversationId,
  onSend,
}: {
  conversationId: string;
  onSend: (body: string, attachment: UploadedAttachment | null) => void;
}) {
  const [body, setBody] = useState('');
  const [attachment, setAttachment] = useState<UploadedAttachment | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTypingSentAt = useRef(0);
  const errorId = useId();
  const canSend = !isUploading && (body.trim().length > 0 || attachment !== null);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(body.trim(), attachment);
    setBody('');
    setAttachment(null);
    setError(null);
    lastTypingSentAt.current = 0;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function handleChange(next: string) {
    setBody(next);
    const now = Date.now();
    if (next.trim() && now - lastTypingSentAt.current > TYPING_SEND_INTERVAL_MS) {
      lastTypingSentAt.current = now;
      sendLive({ type: 'typing', conversation_id: conversationId });
    }
  }

  async function handleFile(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setError(messagingTexts.attachmentTooLarge);
      return;
    }
    setError(null);
    setIsUploading(true);
    try {
      setAttachment(await uploadAttachment(conversationId, file));
    } catch (uploadError) {
      setError(errorMessage(uploadError, messagingTexts.uploadError));
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-2 border-t border-border bg-background p-3">
      {(attachment || isUploading) && (
        <div className="flex min-w-0 items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          {isUploading ? (
            <>
              <Spinner className="size-4 border-2" />
              <span role="status">Attaching file…</span>
            </>
          ) : (
            attachment && (
              <>
                <PaperclipIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 truncate font-medium">{attachment.name}</span>
                <span className="shrink-0 text-muted-foreground">{formatFileSize(attachment.size)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="ml-auto size-8"
                  aria-label={`Remove ${attachment.name}`}
                  onClick={() => setAttachment(null)}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </>
            )
          )}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={attachmentAccept}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void handleFile(event.target.files?.[0])}
          data-testid="attachment-input"
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Attach a file"
          disabled={isUploading}
          onClick={() => fileInput.current?.click()}
        >
          <PaperclipIcon aria-hidden="true" />
        </Button>
        {/* Not the form Textarea: that one is tall for a form; this grows with its lines. */}
        <textarea
          aria-label="Message"
          aria-describedby={error ? errorId : undefined}
          placeholder="Write a message…"
          value={body}
          maxLength={MESSAGE_BODY_MAX_LENGTH}
          rows={Math.min(6, Math.max(1, body.split('\n').length))}
          onChange={(event) => handleChange(event.target.value)}
          onKeyDown={handleKeyDown}
          className="max-h-40 min-h-10 w-full resize-none rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
          <SendHorizontalIcon aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

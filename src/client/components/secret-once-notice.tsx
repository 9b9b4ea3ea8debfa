import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';

// A secret the server shows this once (an API token, a webhook signing secret, an API key): selected on focus,
// a Copy button, and Done to put it away for good.
export function SecretOnceNotice({
  title,
  description,
  secret,
  label,
  onDone,
}: {
  title: string;
  description: string;
  secret: string;
  // The field's accessible name ("Your new API token").
  label: string;
  onDone: () => void;
}) {
  const [isCopied, setIsCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setIsCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  }
  return (
    <Alert variant="success">
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-medium wrap-anywhere">{title}</p>
        <p>{description}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input
            readOnly
            aria-label={label}
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 bg-background font-mono text-xs"
          />
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="outline" onClick={copy}>
              {isCopied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {isCopied ? 'Copied' : 'Copy'}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={onDone}>
              Done
            </Button>
          </div>
        </div>
      </div>
    </Alert>
  );
}

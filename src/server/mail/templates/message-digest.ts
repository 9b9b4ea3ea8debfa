import { composeEmail, type Inline, link, paragraph, quote, signature } from './compose-email';

const EXCERPT_LENGTH = 160;

interface DigestMessage {
  // Null once the sender's account is gone.
  senderName: string | null;
  body: string;
  attachmentName: string | null;
}

interface DigestConversation {
  replyUrl: string;
  // The latest messages, quoted; the ones before them are only counted.
  messages: DigestMessage[];
  earlier: number;
}

function excerptOf(message: DigestMessage): string {
  const body = message.body.replace(/\s+/g, ' ').trim();
  const text = body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH - 1)}…` : body;
  if (!message.attachmentName) return text;
  return text ? `${text} (attached: ${message.attachmentName})` : `Sent a file: ${message.attachmentName}`;
}

// The unread messages of the last quarter hour, one email per person (notifications/send-message-digests.ts).
export function messageDigestEmail({
  name,
  conversations,
  settingsUrl,
}: {
  name: string;
  conversations: DigestConversation[];
  settingsUrl?: string;
}) {
  const count = conversations.reduce(
    (sum, conversation) => sum + conversation.earlier + conversation.messages.length,
    0,
  );
  const sections = conversations.map(({ replyUrl, messages, earlier }) => {
    const lines: Inline[][] = messages.map((message) => [
      `${message.senderName ?? 'A former member'}: ${excerptOf(message)}`,
    ]);
    if (earlier > 0) lines.unshift([`(${earlier} earlier ${earlier === 1 ? 'message' : 'messages'})`]);
    lines.push(['Reply on Tandem: ', link(replyUrl)]);
    return quote(lines);
  });
  return composeEmail({
    subject: count === 1 ? 'You have an unread message on Tandem' : `You have ${count} unread messages on Tandem`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`These messages are waiting for you:`,
      ...sections,
      ...(settingsUrl
        ? [paragraph`To stop these emails, turn off Unread messages in your settings: ${link(settingsUrl)}`]
        : []),
      signature,
    ],
  });
}

// A talent as the payout lists name them: the name, and the email under it (which tells two namesakes apart).
export function TalentCell({ name, email }: { name: string; email: string }) {
  return (
    <span className="grid">
      <span className="font-medium">{name}</span>
      <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{email}</span>
    </span>
  );
}

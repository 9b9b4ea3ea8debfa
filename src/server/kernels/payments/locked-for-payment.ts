// What a payment pays, locked for the paying transaction (decision 013; a milestone's in decision 035).
export interface LockedForPayment {
  // Why it cannot be paid (already paid, or funded), or null when it can.
  paid: string | null;
  // What to say when another payment of it has completed meanwhile.
  completedMessage: string;
  // What to charge, fixed now (a milestone writes its fee and tax here).
  charge(): Promise<number>;
}

import type { AgreementKind } from '~/shared/agreements';

// Tandem's own templates (decision 056), one of each kind, read-only: a company sends them as they are or copies
// one into a template of its own. A change here is a new version for agreements made from then on; agreements
// made already keep the text they were made with. Plain text: a line starting "# " is a heading.
export const DEFAULT_TEMPLATES_VERSION = 1;

export const defaultAgreementTemplates: Record<AgreementKind, { name: string; body: string }> = {
  contractor_agreement: {
    name: 'Tandem contractor agreement',
    body: `# Independent contractor agreement

This agreement is made on {{effective_date}} between {{company_name}}, of {{company_address}} (the "Company"), and {{talent_name}} ({{talent_email}}) (the "Contractor"), through Tandem.

# 1. Services
The Contractor will work as {{role}} from {{start_date}}, on the tasks the Company describes, using their own judgement as to how the work is done.

# 2. Fees
The Company pays {{rate}} for the hours it approves each week on Tandem, in {{currency}}. Tandem invoices the Company and pays the Contractor what approved weeks earn, once the Company has paid.

# 3. Independent contractor
The Contractor is not an employee of the Company or of Tandem. The Contractor is responsible for their own taxes, insurance and equipment, and may work for others where this does not conflict with their duties here.

# 4. Confidentiality
The Contractor keeps confidential everything about the Company's business they learn through the work, during this agreement and after it ends, unless the information is public or the law requires its disclosure.

# 5. Work product
Everything the Contractor makes for the Company under this agreement belongs to the Company once it is paid for.

# 6. Ending the agreement
Either party may end this agreement by giving {{notice_period}} of notice through Tandem. Hours worked before it ends are paid.

# 7. Governing law
This agreement is governed by {{governing_law}}.`,
  },
  nda: {
    name: 'Tandem non-disclosure agreement',
    body: `# Non-disclosure agreement

This agreement is made on {{effective_date}} between {{company_name}}, of {{company_address}} (the "Company"), and {{talent_name}} ({{talent_email}}) (the "Recipient").

# 1. Confidential information
Confidential information is anything about the Company's business, customers, products, code, data and plans that the Recipient learns in connection with the role of {{role}}, in any form, whether or not it is marked confidential.

# 2. Obligations
The Recipient uses confidential information only to do the work for the Company, does not disclose it to anyone else, and protects it with at least reasonable care.

# 3. Exceptions
These obligations do not apply to information that is public through no fault of the Recipient, that the Recipient knew before without a duty of confidence, or that the law requires the Recipient to disclose (after telling the Company, where the law allows).

# 4. Return
When the work ends, or when the Company asks, the Recipient returns or deletes the confidential information they hold.

# 5. Duration
These obligations last during the work and for five years after it ends; trade secrets stay protected for as long as they remain trade secrets.

# 6. Governing law
This agreement is governed by {{governing_law}}.`,
  },
  ip_assignment: {
    name: 'Tandem IP assignment',
    body: `# Assignment of intellectual property

This assignment is made on {{effective_date}} by {{talent_name}} ({{talent_email}}) (the "Contractor") in favour of {{company_name}}, of {{company_address}} (the "Company").

# 1. Assignment
The Contractor assigns to the Company all intellectual property rights in everything they create for the Company as {{role}}, including copyright, designs, inventions and database rights, from the moment each is created, with effect once it is paid for.

# 2. Moral rights
To the extent the law allows, the Contractor waives any moral rights in that work, and will not assert them against the Company or those it authorises.

# 3. Prior work
Anything the Contractor made before {{start_date}} or outside the work for the Company stays theirs. Where such work is part of a deliverable, the Contractor grants the Company a perpetual, royalty-free licence to use it as part of that deliverable.

# 4. Further acts
The Contractor will sign the documents the Company reasonably asks for to record or register these rights, at the Company's expense.

# 5. Governing law
This assignment is governed by {{governing_law}}.`,
  },
  statement_of_work: {
    name: 'Tandem statement of work (fixed price)',
    body: `# Statement of work

This statement of work is made on {{effective_date}} between {{company_name}} (the "Company") and {{talent_name}} (the "Contractor") for the fixed-price contract "{{role}}", starting {{start_date}}.

# 1. Milestones
The work is delivered in these milestones, each paid in {{currency}} when the Company approves it:
{{milestones}}

# 2. Funding and payment
The Company funds each milestone into escrow on Tandem before work on it starts. When the Contractor submits a milestone, the Company approves it or asks for changes; an approved milestone is released to the Contractor.

# 3. Changes
A change to the scope, a milestone's amount or a new milestone is agreed on Tandem and recorded as an addendum to this statement of work.

# 4. Disputes
If the parties disagree about a submitted milestone, either may ask Tandem to settle it; Tandem's settlement of the funded amount is final between them.

# 5. Governing law
This statement of work is governed by {{governing_law}}.`,
  },
  offer_letter: {
    name: 'Tandem offer letter',
    body: `# Offer

{{effective_date}}

Dear {{talent_name}},

{{company_name}} is pleased to offer you the role of {{role}}, working with us through Tandem as an independent contractor, starting {{start_date}}.

# Terms
- Rate: {{rate}}, paid in {{currency}} for the hours we approve each week.
- Notice: either side may end the engagement with {{notice_period}} of notice.
- The contractor agreement and any other agreements we send with this offer set out the full terms.

To accept, sign this letter on Tandem. We look forward to working with you.

{{company_name}}`,
  },
  addendum: {
    name: 'Tandem addendum',
    body: `# Addendum to the agreements

This addendum, made on {{effective_date}} between {{company_name}} and {{talent_name}}, changes the terms of the work as {{role}} from {{start_date}}.

# New terms
- Rate: {{rate}}.
- Milestones:
{{milestones}}

Everything else in the agreements between the parties stays as it was agreed.

# Governing law
This addendum is governed by {{governing_law}}.`,
  },
};

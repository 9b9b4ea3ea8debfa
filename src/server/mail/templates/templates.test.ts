import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeEmail, link, paragraph } from './compose-email';
import { type EmailTemplateName, emailTemplates } from './index';

// Names and texts people type, chosen to break an HTML part that forgot to escape them.
const name = `Ada <script>alert("hi")</script> O'Brien & Co`;
const other = 'Bo <img src=x onerror=alert(1)>';
const url = 'https://tandem.example/verify-email?token=a1&next=%2Fhome';
const settingsUrl = 'https://tandem.example/applicant/settings';

// One sample per template: the type makes a template added to the index without a sample fail to compile.
const samples: { [Name in EmailTemplateName]: Parameters<(typeof emailTemplates)[Name]> } = {
  'account-deleted': [],
  'agreement-code': [{ name, code: '123456', title: 'NDA <b>' }],
  'agreement-completed': [{ name, title: 'NDA <b>', url }],
  'agreement-declined': [{ name, title: 'NDA <b>', talentName: other, reason: 'Clause <5> is too broad.', url }],
  'agreement-to-sign': [{ name, title: 'NDA <b>', from: other, expiresOn: 'Dec 13, 2026', url, reminder: true }],
  'account-manager-invitation': [{ name, url, loginUrl: 'https://tandem.example/login' }],
  'auto-pay-failed': [
    {
      name,
      invoiceNumber: 'INV-2026-0042',
      amountCents: 123_456,
      currency: 'USD',
      method: 'Visa •••• 4242',
      reason: 'Your card was declined <b>by the bank</b>.',
      billingUrl: 'https://tandem.example/company/billing',
    },
  ],
  'domain-confirmation': [
    { code: '482913', domain: 'acme.test', companyName: 'Acme & <Sons>', requestedBy: other, minutes: 30 },
  ],
  'booking-link': [
    {
      name,
      companyName: 'Acme & <Sons>',
      hosts: [other, 'Sam Lee'],
      title: 'Interview: Senior <Developer>',
      durationMinutes: 45,
      expiresAt: 'Thursday, December 3, 2026 at 9:00 AM (Asia/Manila)',
      bookingUrl: 'https://tandem.example/applicant/book/7a9c',
    },
  ],
  'team-invitation': [
    {
      companyName: 'Acme & <Sons>',
      inviterName: other,
      roleLabel: 'Hiring Manager',
      roleDescription: 'Jobs, tests, the pipeline, messages and meetings; no billing.',
      expiresAt: 'Thursday, December 3, 2026 at 9:00 AM (Europe/London)',
      acceptUrl: 'https://tandem.example/join/abc123',
    },
  ],
  'contact-reply': [
    {
      reply: 'Thank you <b>for writing</b>.\n\nWe can start a team of 6 in two weeks & send a quote today.',
      adminName: other,
      subject: 'Pricing <for> support',
      senderName: name,
      message: 'We need 6 agents <there>,\n\n  nights & weekends.',
      sentAt: '24 November 2026, 14:05 UTC',
    },
  ],
  'credentials-revoked': [{ name, event: 'password_changed', apiTokens: 2, calendarFeed: true }],
  'job-alert': [
    {
      name,
      searchName: 'React <remote> & more',
      frequency: 'weekly',
      jobs: [
        {
          title: 'Senior <Developer>',
          companyName: 'Acme & <Sons>',
          pay: '$60–80/hr',
          url: 'https://tandem.example/jobs/7a9c',
        },
      ],
      more: 3,
      searchUrl: 'https://tandem.example/applicant/jobs?q=react',
      unsubscribeUrl: 'https://tandem.example/job-alerts/abc123/unsubscribe',
      oneClickUnsubscribeUrl: 'https://tandem.example/api/public/job-alerts/abc123/unsubscribe',
      manageUrl: 'https://tandem.example/applicant/saved-searches',
    },
  ],
  'email-change-confirmation': [{ name, url }],
  'email-change-notice': [{ name, newEmail: 'ada+new@example.test' }],
  'erasure-cancelled': [{ name }],
  'erasure-rejected': [{ name, reason: 'Your company has an unpaid invoice <INV-1>.' }],
  'erasure-requested': [{ name, dueDay: '25 December 2026' }],
  hired: [{ name, jobTitle: 'Senior <Rust> Engineer', startDate: '2026-12-01' }],
  'meeting-cancelled': [
    {
      name,
      actorName: other,
      title: 'Interview & intro',
      others: [other],
      startsAt: 'Tue, Dec 1, 10:00 AM (Europe/Paris)',
      reason: 'We filled <the role>.',
    },
  ],
  'meeting-invitation': [
    {
      name,
      isOrganizer: false,
      companyName: '<Acme & Co>',
      kind: 'an interview',
      title: 'Interview: <Dev>',
      others: [other],
      startsAt: 'Tue, Dec 1, 10:00 AM (Europe/Paris)',
      durationMinutes: 45,
      notes: 'Bring <there> your\nportfolio & notes',
      joinUrl: 'https://us02web.zoom.us/j/812?pwd=a&b=c',
      meetingsUrl: 'https://tandem.example/applicant/meetings?meeting=abc',
    },
  ],
  'meeting-rescheduled': [
    {
      name,
      actorName: null,
      title: 'Interview: <Dev>',
      others: [other],
      startsAt: 'Tue, Dec 1, 11:00 AM (Europe/Paris)',
      durationMinutes: 60,
      isMoved: true,
      isAnswerAsked: false,
      reason: 'A clash <there>',
      joinUrl: 'https://tandem.example/meet/abc',
      meetingsUrl: 'https://tandem.example/company/meetings?meeting=abc',
    },
  ],
  'meeting-reminder': [
    {
      name,
      lead: '15m',
      title: 'Interview & intro',
      others: [other, 'Cy'],
      startsAt: 'on Tuesday, December 1 at 10:00 AM (Europe/Paris)',
      durationMinutes: 30,
      isAnswerPending: true,
      joinUrl: 'https://tandem.example/meet/abc',
    },
  ],
  'message-digest': [
    {
      name,
      conversations: [
        {
          replyUrl: 'https://tandem.example/applicant/messages?conversation=1',
          earlier: 2,
          messages: [
            { senderName: other, body: 'Hello <there>,\n\n  see you soon', attachmentName: null },
            { senderName: null, body: '', attachmentName: 'cv "final".pdf' },
          ],
        },
      ],
      settingsUrl,
    },
  ],
  'new-contact-message': [
    {
      name,
      email: 'ada@example.test',
      company: '<Acme & Co>',
      subject: 'Pricing <for> support',
      message: 'We need 6 agents <there>,\n\n  nights & weekends.',
      formName: 'the Contact page',
      url: 'https://tandem.example/admin/contact-messages?message=abc',
    },
  ],
  'new-job-published': [
    { title: 'Bookkeeper <part-time>', companyName: 'Acme & Sons', url: 'https://tandem.example/admin/jobs' },
  ],
  'new-user-registered': [
    {
      name,
      email: 'ada@example.test',
      role: 'company',
      companyName: '<Acme & Co>',
      url: 'https://tandem.example/admin/companies',
    },
  ],
  notification: [
    { name, title: 'Offer for <Dev>', body: 'You have an offer.', url: 'https://tandem.example/x', settingsUrl },
  ],
  'offer-accepted': [{ name: 'Mo', applicantName: name, jobTitle: 'Dev', startDate: '2026-12-01' }],
  'offer-made': [
    { name, jobTitle: 'Dev', offer: { rateCents: 4550, weeklyHours: 40, startDate: '2026-12-01' }, currency: 'USD' },
  ],
  'password-reset': [{ name, url }],
  'payment-received': [
    {
      name,
      invoiceNumber: 'INV-2026-0042',
      amountCents: 99,
      currency: 'USD',
      method: 'Bank account ••6789',
      isAutoPay: true,
      billingUrl: 'https://tandem.example/company/billing',
    },
  ],
  'payout-failed': [
    {
      name,
      amountCents: 12_345,
      currency: 'EUR',
      method: 'PayPal · a***@example.com',
      reason: 'The <bank> refused it.',
      earningsUrl: url,
    },
  ],
  'payout-method-added': [
    {
      name,
      method: 'Bank transfer · <BDO> · ending in 6789',
      usableFrom: 'Monday, November 30 at 9:00 AM UTC',
      change: 'added',
      earningsUrl: url,
    },
  ],
  'payout-method-code': [{ name, code: '123456' }],
  'payout-method-reminder': [
    {
      name,
      amounts: [
        { currency: 'EUR', cents: 31_565 },
        { currency: 'USD', cents: 12_345 },
      ],
      todo: 'add',
      earningsUrl: url,
    },
  ],
  'payout-sent': [
    {
      name,
      amountCents: 617_250,
      currency: 'PHP',
      isConverted: true,
      method: 'Wise · a***@example.com',
      reference: 'TX-<42>',
      earningsUrl: url,
    },
  ],
  'tax-form-expiring': [{ name, validUntil: '31 December 2029', taxFormUrl: url, isRequiredForPayouts: true }],
  'nec-form-issued': [{ name, year: 2025, amount: '$660.01', corrected: true, earningsUrl: url }],
  verification: [{ name, url }],
  'webhook-endpoint-disabled': [
    {
      name,
      url: 'https://hooks.example/tandem?team=a&b',
      failedFor: '1 day and 14 hours',
      lastError: 'HTTP 500 <b>',
      settingsUrl,
    },
  ],
};

function render(templateName: EmailTemplateName) {
  const template = emailTemplates[templateName] as (...data: unknown[]) => ReturnType<typeof composeEmail>;
  return template(...samples[templateName]);
}

// What a reader of the HTML part sees: tags gone, line breaks kept, entities read.
function visibleText(html: string): string {
  const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
  return html
    .replace(/<br>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (entity) => entities[entity] ?? entity);
}

const templateNames = Object.keys(emailTemplates) as EmailTemplateName[];
const layoutTags = ['a', 'blockquote', 'body', 'br', 'div', 'head', 'html', 'meta', 'p', 'title'];

describe('email templates', () => {
  it('lists every template file of the folder in the index', () => {
    const files = fs
      .readdirSync(import.meta.dirname)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.basename(file, '.ts'))
      .filter((file) => file !== 'index' && file !== 'compose-email');
    expect(templateNames.toSorted()).toEqual(files.toSorted());
  });

  it.each(templateNames)(
    'renders %s: a subject, a text part and an HTML part, with no value missing',
    (templateName) => {
      const email = render(templateName);
      for (const part of [email.subject, email.text, email.html]) {
        expect(part.trim()).not.toBe('');
        expect(part).not.toMatch(/undefined|\[object Object\]|NaN|\bnull\b/);
      }
      expect(email.subject).not.toContain('\n');
      expect(email.html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(email.html).toContain(`<title>`);
    },
  );

  it.each(templateNames)('escapes every value in the HTML part of %s', (templateName) => {
    const { text, html } = render(templateName);
    // No value became markup.
    expect(html).not.toMatch(/<script|<img|<b>|<Rust>|<INV-1>|<there>|<part-time>|<Dev>|<for>/i);
    // The only tags are the layout's own.
    const tags = new Set([...html.matchAll(/<\/?([a-z]+)/gi)].map((match) => match[1]?.toLowerCase()));
    for (const tag of tags) expect(layoutTags).toContain(tag);
    // Every link goes to a web address, each address of the text part is a link.
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//);
    for (const address of text.match(/https:\/\/\S+/g) ?? []) {
      expect(html).toContain(`href="${address.replace(/&/g, '&amp;')}"`);
    }
    // The HTML part says what the text part says, line for line.
    const shown = visibleText(html);
    for (const line of text.split('\n')) expect(shown).toContain(line.trim());
  });

  it('writes a name with <script> as text in the HTML part, and as typed in the text part', () => {
    const email = emailTemplates.verification({ name, url });
    expect(email.text.startsWith(`Hi ${name},\n\n`)).toBe(true);
    expect(email.html).toContain(
      '<p style="margin:0 0 16px">Hi Ada &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; O&#39;Brien &amp; Co,</p>',
    );
    expect(email.html).not.toContain('<script>');
  });

  it('shows an address that is not a web address instead of linking it', () => {
    const email = composeEmail({ subject: 'S', blocks: [paragraph`Open ${link('javascript:alert(1)')}`] });
    expect(email.text).toBe('Open javascript:alert(1)');
    expect(email.html).not.toContain('href');
    expect(email.html).toContain('Open javascript:alert(1)');
  });

  it('leaves out of the HTML part what is only there for the text part', () => {
    const email = emailTemplates.notification({ name: 'Ada', title: 'T', body: '' });
    expect(email.text).toBe('Hi Ada,\n\n\n\n— The Tandem team');
    expect(email.html).not.toContain('<p style="margin:0 0 16px"></p>');
  });
});

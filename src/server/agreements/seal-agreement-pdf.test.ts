import { describe, expect, it } from 'vitest';
import { pdfSignatures, pdfText } from '../testing/pdf-text';
import { agreementTextSha256, sealAgreementPdf } from './seal-agreement-pdf';
import { makeSelfSignedSeal } from './seal-certificate';

const now = new Date('2026-11-29T12:00:00Z');
const signature = (party: 'talent' | 'company', signerName: string) => ({
  party,
  signerName,
  signerEmail: `${party}@example.com`,
  signerTitle: party === 'company' ? 'Owner' : '',
  kind: 'typed' as const,
  typedName: signerName,
  drawing: null,
  consentedAt: now,
  identityCheck: 'Signed in; a code emailed to the address confirmed',
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  signedAt: now,
});
const agreement = {
  id: '6f1c0f9e-54f1-4a5e-9d55-0a0b8b0b9c1d',
  title: 'Non-disclosure agreement',
  body: '# 1. Confidential information\nعبد الله بن سلام keeps Nguyễn Thị Minh Khai’s secrets.',
  companyName: 'Nguyễn Thị Minh Khai Co.',
  sentAt: now,
  signatures: [signature('talent', 'عبد الله بن سلام'), signature('company', 'Nguyễn Thị Minh Khai')],
};

describe('sealed agreement PDFs', () => {
  const certificate = makeSelfSignedSeal('Tandem test seal', now);

  it('carries a PAdES signature poppler finds valid over the whole file, and names in any script read back', async () => {
    const { pdf, sha256 } = await sealAgreementPdf(agreement, certificate, now);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await pdfSignatures(pdf)).toEqual([{ validity: 'Signature is Valid.', wholeFile: true }]);
    const text = (await pdfText(pdf)).replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain('عبد الله بن سلام');
    expect(text).toContain('Nguyễn Thị Minh Khai');
    expect(text).toContain('Certificate of completion');
    expect(text).toContain(`Text SHA-256: ${agreementTextSha256(agreement)}`);
    expect(text).toContain('IP address: 203.0.113.7');
  });

  it('shows the seal broken when any byte of the signed content changes', async () => {
    const { pdf } = await sealAgreementPdf(agreement, certificate, now);
    const tampered = Buffer.from(pdf);
    // A byte of the document's content, inside the signed ranges (the first bytes are the header).
    const at = tampered.indexOf('Non-disclosure agreement');
    expect(at).toBeGreaterThan(0);
    tampered[at] = 'X'.charCodeAt(0);
    const [seal] = await pdfSignatures(tampered);
    expect(seal?.validity).not.toBe('Signature is Valid.');
    expect(seal?.validity).toMatch(/mismatch|invalid/i);
  });
});

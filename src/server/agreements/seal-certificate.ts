import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import type { Config } from '../config';

// The generated certificate and its passphrase, in one file so a reader never finds one without the other.
export const SEAL_FILE_NAME = 'agreement-seal.json';

export interface SealCertificate {
  p12: Buffer;
  passphrase: string;
}

// A self-signed certificate for the platform's seal (outside production only): the signature it makes is
// valid (the PDF is exactly what was sealed) though no viewer trusts its issuer, which is what a real
// certificate from AGREEMENT_SEAL_P12 adds. The key is made by Node (fast), the certificate by node-forge.
export function makeSelfSignedSeal(commonName: string, now = new Date()): SealCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Tandem' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), passphrase };
}

async function readGenerated(file: string): Promise<SealCertificate | null> {
  try {
    const saved = JSON.parse(await fs.readFile(file, 'utf8')) as { p12: string; passphrase: string };
    return { p12: Buffer.from(saved.p12, 'base64'), passphrase: saved.passphrase };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

let resolved: Promise<SealCertificate> | null = null;

// The configured certificate; outside production, one made on first use and kept in DATA_DIR beside
// secret.key, so every seal of an instance is by one certificate across restarts.
export function resolveSealCertificate(
  config: Pick<Config, 'AGREEMENT_SEAL_P12' | 'AGREEMENT_SEAL_PASSPHRASE' | 'DATA_DIR' | 'NODE_ENV'>,
): Promise<SealCertificate> {
  if (config.AGREEMENT_SEAL_P12) {
    return Promise.resolve({
      p12: Buffer.from(config.AGREEMENT_SEAL_P12, 'base64'),
      passphrase: config.AGREEMENT_SEAL_PASSPHRASE ?? '',
    });
  }
  if (config.NODE_ENV === 'production') {
    return Promise.reject(
      new Error('AGREEMENT_SEAL_P12 is not set: signed agreements cannot be sealed (docs/operations.md).'),
    );
  }
  resolved ??= (async () => {
    const file = path.join(config.DATA_DIR, SEAL_FILE_NAME);
    const existing = await readGenerated(file);
    if (existing) return existing;
    await fs.mkdir(config.DATA_DIR, { recursive: true });
    const made = makeSelfSignedSeal('Tandem agreement seal (self-signed, not for production)');
    const saved = JSON.stringify({ p12: made.p12.toString('base64'), passphrase: made.passphrase });
    try {
      await fs.writeFile(file, saved, { mode: 0o600, flag: 'wx' });
      return made;
    } catch (error) {
      // Another process made one first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return (await readGenerated(file)) ?? made;
    }
  })();
  resolved.catch(() => {
    resolved = null;
  });
  return resolved;
}

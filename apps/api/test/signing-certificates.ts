import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/** A certificate authority of the tests' own: its key signs the lender's signing certificates. */
export interface TestAuthority {
  name: string;
  certificate: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  /** The authority's certificate as PEM, for a verifier to trust. */
  pem: string;
}

const rsaKeys = () => {
  // Node makes the keys (forge's pure JavaScript key generation takes seconds).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  return { key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
};

function certificate(options: {
  subject: string;
  issuer: { name: string; key: forge.pki.rsa.PrivateKey };
  publicKey: forge.pki.PublicKey;
  isAuthority: boolean;
  validTo: Date;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = options.validTo;
  cert.setSubject([
    { shortName: 'CN', value: options.subject },
    { shortName: 'O', value: 'Test Lender Housing Finance Ltd' },
    { shortName: 'C', value: 'IN' },
  ]);
  cert.setIssuer([
    { shortName: 'CN', value: options.issuer.name },
    { shortName: 'O', value: 'Test Lender Housing Finance Ltd' },
    { shortName: 'C', value: 'IN' },
  ]);
  cert.setExtensions(
    options.isAuthority
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
        ],
  );
  cert.sign(options.issuer.key, forge.md.sha256.create());
  return cert;
}

export function createTestAuthority(name = 'Test Lender Root CA'): TestAuthority {
  const { key, publicKey } = rsaKeys();
  const cert = certificate({
    subject: name,
    issuer: { name, key },
    publicKey,
    isAuthority: true,
    validTo: new Date(Date.now() + 365 * 24 * 3600_000),
  });
  return { name, certificate: cert, key, pem: forge.pki.certificateToPem(cert) };
}

/**
 * A signing certificate for `signer` issued by `authority`, written with its key and the
 * authority's certificate into a PKCS#12 file (AES-256, as OpenSSL 3 writes them, or the older
 * triple-DES many tools still export) under `dir`; answers the file's path.
 */
export function writeSigningCertificate(
  dir: string,
  authority: TestAuthority,
  options: { signer: string; password: string; file?: string; legacy?: boolean; withKey?: boolean },
): string {
  const { key, publicKey } = rsaKeys();
  const cert = certificate({
    subject: options.signer,
    issuer: authority,
    publicKey,
    isAuthority: false,
    validTo: new Date(Date.now() + 90 * 24 * 3600_000),
  });
  const p12 =
    options.withKey === false
      ? forge.pkcs12.toPkcs12Asn1(null, [cert, authority.certificate], options.password)
      : forge.pkcs12.toPkcs12Asn1(key, [cert, authority.certificate], options.password, {
          algorithm: options.legacy ? '3des' : 'aes256',
        });
  const file = path.join(dir, options.file ?? 'signing.p12');
  writeFileSync(file, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
  return file;
}

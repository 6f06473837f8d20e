import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import { ConfigError } from '../../env.ts';

/** The lender's signing certificate (NOC_SIGNING_CERTIFICATE), read and opened once at start. */
export interface LetterSigner {
  /** Who the certificate names (its subject's common name), as the signature block prints it. */
  name: string;
  /** The issuing authority's common name. */
  issuer: string;
  validFrom: Date;
  validTo: Date;
  /** The certificate's SHA-256 (of its DER bytes), hex: which certificate signed a letter. */
  fingerprint: string;
  /**
   * The room kept for the signature, in hex digits (two a byte): the certificates it carries,
   * and 4 KiB for the signed attributes and the signature itself.
   */
  signatureLength: number;
  /** The certificate (DER), then the others the file holds (its chain), as the signature carries them. */
  certificates: Buffer[];
  /** The private key, PKCS#8 (DER), for Web Crypto; kept in memory only, as the password is. */
  privateKey: Buffer;
}

/**
 * Opens a PKCS#12 file (.p12/.pfx) with its password and finds its private key and that key's
 * certificate. Any problem stops the server at start, saying which setting to fix; the password
 * itself is never in a message.
 */
export function loadLetterSigner(file: string, password: string): LetterSigner {
  const fail = (problem: string) =>
    new ConfigError(`Invalid configuration:\n  NOC_SIGNING_CERTIFICATE: ${problem}`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw fail(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary'))),
      false,
      password,
    );
  } catch (error) {
    const wrongPassword = /MAC could not be verified|Invalid password/i.test(String(error));
    throw fail(
      wrongPassword
        ? `NOC_SIGNING_CERTIFICATE_PASSWORD does not open ${file}`
        : `${file} is not a PKCS#12 (.p12, .pfx) file that can be read`,
    );
  }
  const bagsOf = (bagType: string) => p12.getBags({ bagType })[bagType] ?? [];
  const key = bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag!)[0]?.key as
    forge.pki.rsa.PrivateKey | undefined;
  const certificates = bagsOf(forge.pki.oids.certBag!).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  const own = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return key && publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!key || !own) throw fail(`${file} holds no RSA private key with its certificate`);
  const der = (certificate: forge.pki.Certificate) =>
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  const commonName = (attributes: forge.pki.CertificateField[]) =>
    String(attributes.find((a) => a.shortName === 'CN')?.value ?? '');
  return {
    name: commonName(own.subject.attributes),
    issuer: commonName(own.issuer.attributes),
    validFrom: own.validity.notBefore,
    validTo: own.validity.notAfter,
    fingerprint: createHash('sha256').update(der(own)).digest('hex'),
    signatureLength: 2 * (certificates.reduce((sum, c) => sum + der(c).length, 0) + 4096),
    certificates: [own, ...certificates.filter((c) => c !== own)].map(der),
    privateKey: Buffer.from(
      forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))).getBytes(),
      'binary',
    ),
  };
}

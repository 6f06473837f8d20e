import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuthority,
  writeSigningCertificate,
  type TestAuthority,
} from '../../../test/signing-certificates.ts';
import { sampleDetails, sampleLetterhead } from '../../../test/noc-letters.ts';
import { ConfigError } from '../../env.ts';
import { signNocLetter } from './letter-signing.ts';
import { loadLetterSigner, type LetterSigner } from './signing-certificate.ts';
import { composeNocLetter } from './noc-letter-pdf.ts';

const PASSWORD = 'correct horse battery staple';
const hasPdfsig = spawnSync('pdfsig', ['-v']).error === undefined;
// certutil (libnss3-tools) builds the NSS database that tells pdfsig to trust the test authority.
const hasCertutil = spawnSync('certutil', ['-H']).error === undefined;

let work: string;
let authority: TestAuthority;
let signer: LetterSigner;
let nssDir: string | undefined;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'noc-signing-'));
  authority = createTestAuthority();
  signer = loadLetterSigner(
    writeSigningCertificate(work, authority, { signer: 'Meera Iyer', password: PASSWORD }),
    PASSWORD,
  );
  if (hasCertutil) {
    nssDir = path.join(work, 'nss');
    execFileSync('mkdir', ['-p', nssDir]);
    execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
    writeFileSync(path.join(work, 'ca.pem'), authority.pem);
    execFileSync('certutil', [
      '-A',
      '-d',
      `sql:${nssDir}`,
      '-n',
      'test-ca',
      '-t',
      'C,C,C',
      '-i',
      path.join(work, 'ca.pem'),
    ]);
  }
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function signedLetter(by: LetterSigner, letterNumber = sampleDetails.letterNumber) {
  const details = { ...sampleDetails, letterNumber };
  const letter = await composeNocLetter(details, sampleLetterhead, { signer: by.name });
  return signNocLetter(letter, by, details);
}

/** pdfsig's report of a file's signatures. */
function pdfsig(bytes: Uint8Array, name: string): string {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  const args = nssDir ? ['-nssdir', `sql:${nssDir}`, file] : [file];
  return spawnSync('pdfsig', args, { encoding: 'utf8' }).stdout;
}

it('opens a PKCS#12 file with its password: who it names, who issued it, until when', () => {
  expect(signer).toMatchObject({
    name: 'Meera Iyer',
    issuer: 'Test Lender Root CA',
    fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  expect(signer.validTo.getTime()).toBeGreaterThan(Date.now());
  // The older triple-DES files that many tools still export open too.
  const legacy = writeSigningCertificate(work, authority, {
    signer: 'Legacy Signer',
    password: PASSWORD,
    file: 'legacy.p12',
    legacy: true,
  });
  expect(loadLetterSigner(legacy, PASSWORD).name).toBe('Legacy Signer');
});

it('stops the server at start on a certificate it cannot use, never saying the password', () => {
  const attempt = (file: string, password = PASSWORD) => {
    try {
      loadLetterSigner(file, password);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(String((error as Error).message)).not.toContain(PASSWORD);
      expect(String((error as Error).message)).not.toContain('wrong-password');
      return (error as Error).message;
    }
    throw new Error('the certificate was accepted');
  };
  const file = path.join(work, 'signing.p12');
  expect(attempt(file, 'wrong-password')).toContain(
    'NOC_SIGNING_CERTIFICATE_PASSWORD does not open',
  );
  expect(attempt(path.join(work, 'missing.p12'))).toContain('cannot read');
  writeFileSync(path.join(work, 'not.p12'), 'not a certificate');
  expect(attempt(path.join(work, 'not.p12'))).toContain('is not a PKCS#12');
  const keyless = writeSigningCertificate(work, authority, {
    signer: 'No Key',
    password: PASSWORD,
    file: 'keyless.p12',
    withKey: false,
  });
  expect(attempt(keyless)).toContain('holds no RSA private key');
});

it('is a PAdES baseline signature: signing-certificate-v2 bound to the certificate, no signing-time', async () => {
  const signed = Buffer.from(await signedLetter(signer));
  expect(signed.includes('/SubFilter /ETSI.CAdES.detached')).toBe(true);
  // The signature is the hex string after /Contents, padded with zeros to its reserved room.
  const start = signed.indexOf('<', signed.indexOf('/Contents <')) + 1;
  const hex = signed.subarray(start, signed.indexOf('>', start)).toString();
  const cms = pkijs.ContentInfo.fromBER(Buffer.from(hex.replace(/(00)+$/, ''), 'hex'));
  const signedData = new pkijs.SignedData({ schema: cms.content });
  const attributes = signedData.signerInfos[0]!.signedAttrs!.attributes;
  expect(attributes.map((a) => a.type)).toEqual([
    '1.2.840.113549.1.9.3', // content-type
    '1.2.840.113549.1.9.4', // message-digest
    '1.2.840.113549.1.9.16.2.47', // ESS signing-certificate-v2
  ]);
  const certHash = Buffer.from(
    attributes[2]!.values[0].valueBlock.value[0].valueBlock.value[0].valueBlock.value[0].valueBlock
      .valueHexView,
  );
  expect(certHash.toString('hex')).toBe(signer.fingerprint);
  expect(createHash('sha256').update(signer.certificates[0]!).digest('hex')).toBe(
    signer.fingerprint,
  );
  // It carries the certificate and its authority, so a reader can build the chain.
  expect(signedData.certificates).toHaveLength(2);
});

describe.skipIf(!hasPdfsig)('as pdfsig (poppler-utils) checks it', () => {
  it('is a valid signature over the whole file, by the signing certificate', async () => {
    const report = pdfsig(await signedLetter(signer), 'signed.pdf');
    expect(report).toContain('Signer Certificate Common Name: Meera Iyer');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    if (nssDir) expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    // One signature, an approval: no certification (DocMDP) locks the document.
    expect(report.match(/Signature #/g)).toHaveLength(1);
  });

  it('is invalid once a byte of the signed file changes', async () => {
    const signed = Buffer.from(await signedLetter(signer));
    // A byte outside the signature itself: the year the document says it was made.
    const at = signed.indexOf('/CreationDate (D:2026') + '/CreationDate (D:202'.length;
    expect(at).toBeGreaterThan('/CreationDate (D:202'.length);
    const edited = Buffer.from(signed);
    edited[at] = '7'.charCodeAt(0);
    const report = pdfsig(edited, 'edited.pdf');
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toContain('Signature Validation: Digest Mismatch.');
  });

  it('keeps letters signed with an earlier certificate valid after a new one takes over', async () => {
    const earlier = await signedLetter(signer, 'NOC-0000-0000-0000-0001');
    const successor = loadLetterSigner(
      writeSigningCertificate(work, authority, {
        signer: 'Arjun Rao',
        password: PASSWORD,
        file: 'next.p12',
      }),
      PASSWORD,
    );
    const later = await signedLetter(successor, 'NOC-0000-0000-0000-0002');
    const earlierReport = pdfsig(earlier, 'earlier.pdf');
    const laterReport = pdfsig(later, 'later.pdf');
    expect(earlierReport).toContain('Common Name: Meera Iyer');
    expect(earlierReport).toContain('Signature is Valid.');
    expect(laterReport).toContain('Common Name: Arjun Rao');
    expect(laterReport).toContain('Signature is Valid.');
  });
});

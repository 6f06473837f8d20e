import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { PDFDocument } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { LetterSigner } from './signing-certificate.ts';

/** A letter laid out and not yet saved, with where its signature block is drawn. */
export interface RenderedLetter {
  pdf: PDFDocument;
  /** The signature block's box, [x1, y1, x2, y2]: the signature's field covers it. */
  signatureRect: [number, number, number, number];
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

/**
 * Signs a laid-out letter (PAdES baseline B-B): an approval signature (no certification: the
 * letter may be signed again, never changed) whose byte range is the whole file but the signature
 * itself, in a field over the letter's signature block. The signing time is the signature
 * dictionary's, as PAdES asks.
 */
export async function signNocLetter(
  letter: RenderedLetter,
  signer: LetterSigner,
  details: { letterNumber: string; lenderName: string; contact?: string | undefined },
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: letter.pdf,
    reason: `NOC letter ${details.letterNumber}`,
    name: signer.name,
    contactInfo: details.contact ?? '',
    location: details.lenderName,
    signingTime: new Date(),
    signatureLength: signer.signatureLength,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: letter.signatureRect,
    appName: 'Borrower Portal',
  });
  const unsigned = Buffer.from(await letter.pdf.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new CadesSigner(signer));
}

/**
 * The CMS signature PAdES baseline B-B asks for (ETSI EN 319 142-1): detached, SHA-256, signed
 * attributes content-type, message-digest and ESS signing-certificate-v2 (binding the signing
 * certificate to the signature), no signing-time, the certificates of the file carried along.
 * @signpdf's own P12 signer writes signing-time and no signing-certificate-v2.
 */
class CadesSigner extends Signer {
  constructor(private readonly signer: LetterSigner) {
    super();
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    const [own, ...chain] = this.signer.certificates.map((der) => pkijs.Certificate.fromBER(der));
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      this.signer.privateKey,
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const attribute = (type: string, value: asn1js.AsnType) =>
      new pkijs.Attribute({ type, values: [value] });
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: own!.issuer,
            serialNumber: own!.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
              attribute(
                OID.messageDigest,
                new asn1js.OctetString({ valueHex: sha256(signedBytes) }),
              ),
              attribute(
                OID.signingCertificateV2,
                signingCertificateV2(own!, this.signer.certificates[0]!),
              ),
            ],
          }),
        }),
      ],
      certificates: [own!, ...chain],
    });
    // pkijs signs with the platform's Web Crypto (Node's global `crypto`).
    await signedData.sign(key, 0, 'SHA-256');
    const cms = new pkijs.ContentInfo({
      contentType: OID.signedData,
      content: signedData.toSchema(true),
    });
    return Buffer.from(cms.toSchema().toBER(false));
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/**
 * RFC 5035's SigningCertificateV2 for one certificate: its SHA-256 (the default algorithm, so not
 * named) and its issuer and serial number.
 */
function signingCertificateV2(certificate: pkijs.Certificate, der: Buffer): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      // GeneralNames: one directoryName [4], the issuer's distinguished name.
      new asn1js.Sequence({
        value: [
          new asn1js.Constructed({
            idBlock: { tagClass: 3, tagNumber: 4 },
            value: [certificate.issuer.toSchema()],
          }),
        ],
      }),
      certificate.serialNumber,
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: sha256(der) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

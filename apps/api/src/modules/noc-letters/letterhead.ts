import { readFileSync } from 'node:fs';
import { ConfigError } from '../../env.ts';

/** The lender's letterhead and signatory as NOC letters print them (LENDER_* and NOC_SIGNATORY_*). */
export interface Letterhead {
  logo?: { bytes: Uint8Array; format: 'png' | 'jpeg' };
  /** The registered office's address, one line. */
  address?: string;
  /** The corporate identity number. */
  cin?: string;
  /** Telephone, e-mail, website: one line. */
  contact?: string;
  signatory: { name?: string; designation?: string };
}

export interface LetterheadSettings {
  LENDER_LOGO?: string;
  LENDER_ADDRESS?: string;
  LENDER_CIN?: string;
  LENDER_CONTACT?: string;
  NOC_SIGNATORY_NAME?: string;
  NOC_SIGNATORY_DESIGNATION?: string;
}

/** The letterhead of the settings, its logo read and checked once at start (a bad file stops it). */
export function loadLetterhead(settings: LetterheadSettings): Letterhead {
  return {
    ...(settings.LENDER_LOGO && { logo: readLogo(settings.LENDER_LOGO) }),
    address: settings.LENDER_ADDRESS,
    cin: settings.LENDER_CIN,
    contact: settings.LENDER_CONTACT,
    signatory: {
      name: settings.NOC_SIGNATORY_NAME,
      designation: settings.NOC_SIGNATORY_DESIGNATION,
    },
  };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

function readLogo(file: string): NonNullable<Letterhead['logo']> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  LENDER_LOGO: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (bytes.subarray(0, PNG.length).equals(PNG)) return { bytes, format: 'png' };
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return { bytes, format: 'jpeg' };
  throw new ConfigError(
    `Invalid configuration:\n  LENDER_LOGO: ${file} is not a PNG or JPEG image`,
  );
}

import type { Env } from '../../env.ts';
import { loadLetterhead, type Letterhead } from './letterhead.ts';
import { loadLetterSigner, type LetterSigner } from './signing-certificate.ts';

/** How NOC letters are made with these settings: their letterhead, and the certificate that signs them, if any. */
export interface LetterSettings {
  letterhead: Letterhead;
  signer: LetterSigner | undefined;
}

const loaded = new WeakMap<Env, LetterSettings>();

/**
 * The letter settings of `env`, their files (logo, certificate) read once: a file that cannot be
 * used stops the server at start with a message naming the setting.
 */
export function letterSettingsFor(env: Env): LetterSettings {
  let settings = loaded.get(env);
  if (!settings) {
    settings = {
      letterhead: loadLetterhead(env),
      signer: env.NOC_SIGNING_CERTIFICATE
        ? loadLetterSigner(env.NOC_SIGNING_CERTIFICATE, env.NOC_SIGNING_CERTIFICATE_PASSWORD ?? '')
        : undefined,
    };
    loaded.set(env, settings);
  }
  return settings;
}

import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2): a memory-hard KDF as docs/product.md#roles asks.
export const hashSecret = (secret: string) => hash(secret);

// Verifying against a throw-away hash when the user is unknown keeps both paths equally slow,
// so response time does not reveal whether a username exists.
let decoyHash: Promise<string> | undefined;

export async function verifySecret(
  storedHash: string | null | undefined,
  secret: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hash('decoy-password-for-timing');
    await verify(await decoyHash, secret).catch(() => false);
    return false;
  }
  return verify(storedHash, secret).catch(() => false);
}

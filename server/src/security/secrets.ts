import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Seals small JSON values (broker tokens, TOTP secrets) for storage with an authenticated cipher. */
export interface Secrets {
  seal(value: unknown): string;
  /** Throws when the text was tampered with or sealed under another key. */
  open<T = unknown>(sealed: string): T;
}

const VERSION = 'v1';

/** A 32-byte key from the configured text: base64 of 32 bytes is used as is, anything else is hashed. */
export function deriveKey(secret: string): Buffer {
  const decoded = Buffer.from(secret, 'base64');
  if (decoded.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(secret)) return decoded;
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** AES-256-GCM with a random 96-bit nonce per value: `v1.<base64url(nonce | tag | ciphertext)>`. */
export function createSecrets(secret: string): Secrets {
  const key = deriveKey(secret);
  return {
    seal(value: unknown): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open<T = unknown>(sealed: string): T {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('Unknown sealed value format');
      const raw = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as T;
    },
  };
}

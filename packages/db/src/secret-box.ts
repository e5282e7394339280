import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Column-level authenticated encryption (AES-256-GCM) for what must be read back but never sit
 * in the clear: owners' tax ids and dates of birth, TOTP seeds, private signing keys. The key
 * comes from configuration; any string is stretched to 32 bytes.
 */
export type SecretBox = {
  seal(plaintext: string): string;
  open(ciphertext: string): string;
};

export function createSecretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(secret).digest();
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        body.toString('base64'),
      ].join('.');
    },
    open(ciphertext) {
      const [version, iv, tag, body] = ciphertext.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable sealed secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

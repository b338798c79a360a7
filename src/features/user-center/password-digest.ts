/**
 * Passwords never leave the browser in plain text: the contract
 * (packages/contracts/openapi/workbench.yaml PasswordDigest) takes the hex SHA-256 digest of the
 * UTF-8 password, computed with Web Crypto.
 */
export class InsecureContextError extends Error {
  constructor() {
    super('Web Crypto (crypto.subtle) is only available in a secure context (HTTPS or localhost)');
    this.name = 'InsecureContextError';
  }
}

/** 64 lowercase hex characters: SHA-256 of the UTF-8 bytes of `password`. */
export async function passwordDigest(password: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new InsecureContextError();
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(password));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

import { describe, expect, it } from 'vitest';
import { passwordDigest } from './password-digest';

describe('passwordDigest (hex SHA-256 of the UTF-8 password)', () => {
  it('matches the FIPS 180-2 test vectors', async () => {
    expect(await passwordDigest('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await passwordDigest('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await passwordDigest('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('hashes the UTF-8 bytes (non-ASCII passwords) and always gives 64 lowercase hex characters', async () => {
    // SHA-256 of the UTF-8 bytes e5 af 86 e7 a0 81 (computed independently with Python's hashlib)
    expect(await passwordDigest('密码')).toBe(
      'a621ab606db2a11f63edc576a729843b8269250dc324206871d90635ac5e531c',
    );
    expect(await passwordDigest('Passw0rd!')).toMatch(/^[a-f0-9]{64}$/);
  });
});

/**
 * A certificate for the bench's HTTPS origins, so its server speaks HTTP/2 as production's
 * nginx does (`listen 443 ssl http2`, deploy/nginx/sites): browsers use HTTP/2 over TLS only.
 * Made with openssl for `localhost` and the frame origins (`*.localhost`) and thrown away
 * afterwards; the browsers the bench launches trust it by its key's hash
 * (`--ignore-certificate-errors-spki-list`), so the page is a secure one without a certificate
 * error, which Chromium would otherwise treat differently (no HTTP cache, no prerendering).
 */
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchCertificate {
  key: string;
  cert: string;
  /** The flag that makes Chromium trust it (needs a `--user-data-dir`, as every bench browser has). */
  chromiumFlag: string;
}

let made: BenchCertificate | undefined;

/** The certificate of this run (one for every server the bench starts, so one flag trusts them all). */
export function benchCertificate(): BenchCertificate {
  made ??= makeCertificate();
  return made;
}

function makeCertificate(): BenchCertificate {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wb-bench-tls-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,DNS:*.localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const key = readFileSync(keyFile, 'utf8');
    const cert = readFileSync(certFile, 'utf8');
    // Chromium names a trusted key by the SHA-256 of its SubjectPublicKeyInfo, in base64.
    const spki = createPublicKey(cert).export({ type: 'spki', format: 'der' });
    const hash = createHash('sha256').update(spki).digest('base64');
    return { key, cert, chromiumFlag: `--ignore-certificate-errors-spki-list=${hash}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

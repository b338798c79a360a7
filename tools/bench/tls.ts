/**
 * A certificate for the bench's HTTPS origins, so its server speaks HTTP/2 as production's
 * nginx does (`listen 443 ssl http2`, deploy/nginx/sites): browsers use HTTP/2 over TLS only.
 * Made with openssl for `localhost` and thrown away afterwards; the browsers the bench launches
 * trust its key by its hash (`--ignore-certificate-errors-spki-list`), for the frame origins
 * (`{app}.localhost`) too, so the pages are secure ones without a certificate error, which
 * Chromium would otherwise treat differently (no HTTP cache, no prerendering).
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

function openssl(args: string[]): void {
  try {
    execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    throw new Error(
      "openssl could not make the bench's certificate (apt-get install -y openssl, or serve plain HTTP/1.1 with --http1)",
      { cause: error },
    );
  }
}

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
    openssl([
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
    ]);
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

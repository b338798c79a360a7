/**
 * Tokens scoped to one hosted sub-app (packages/contracts/openapi/workbench.yaml, `issueSubAppToken` and
 * `getSubAppJwks`): real ES256-signed JWTs and the key set that verifies them, made with
 * `jose`. The shell never gives an app its own session token; it asks for one of these for
 * that app and hands it over through the frame's message channel.
 *
 * The key pair is made when the stack starts: a token outlives at most one restart of the
 * mock by its own 5 minutes, and the sub-app kit fetches a new one before it expires.
 *
 * `verifySubAppToken` is what an app's back end does with a token (the sample apps' own
 * endpoint, sub-apps.ts, uses it): signature against the key set, issuer, audience, expiry.
 */
import { randomUUID } from 'node:crypto';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';

/** The token's `iss`. */
const SUB_APP_TOKEN_ISSUER = 'workbench';
/** A token's lifetime: the contract allows at most 300 s. */
const SUB_APP_TOKEN_SECONDS = 300;
const ALGORITHM = 'ES256';

export interface IssuedToken {
  token: string;
  token_type: 'Bearer';
  expires_at: number;
}

export interface SubAppClaims extends JWTPayload {
  /** The tenant the shell acted in when it asked. */
  tid: string;
}

/** What an app's back end does with a token: verify it for that app (the sample apps' `whoami`). */
export interface SubAppTokenVerifier {
  verify(token: string, app: string): Promise<SubAppClaims>;
}

/** The verify options every app's back end uses, whoever issued the token. */
const verifyOptions = (app: string) => ({
  issuer: SUB_APP_TOKEN_ISSUER,
  audience: app,
  algorithms: [ALGORITHM],
  requiredClaims: ['sub', 'tid', 'exp', 'iat'],
});

/**
 * Tokens a real workbench back end issued, verified against the key set it publishes
 * (`getSubAppJwks`, fetched and cached by jose): the sample apps' back end when the shell runs
 * against that server (`npm start -- --upstream URL`).
 */
export function remoteSubAppKeys(jwksUrl: URL): SubAppTokenVerifier {
  const keys = createRemoteJWKSet(jwksUrl);
  return {
    verify: async (token, app) => (await jwtVerify<SubAppClaims>(token, keys, verifyOptions(app))).payload,
  };
}

export class SubAppTokenIssuer implements SubAppTokenVerifier {
  private readonly keys = (async () => {
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    return { privateKey, kid, publicJwk: { ...jwk, kid, use: 'sig', alg: ALGORITHM } satisfies JWK };
  })();

  /** A token for `app`, on behalf of `user` in `tenant`. */
  async issue(claims: { app: string; user: string; tenant: string }): Promise<IssuedToken> {
    const { privateKey, kid } = await this.keys;
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + SUB_APP_TOKEN_SECONDS;
    const token = await new SignJWT({ tid: claims.tenant })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid })
      .setIssuer(SUB_APP_TOKEN_ISSUER)
      .setAudience(claims.app)
      .setSubject(claims.user)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(randomUUID())
      .sign(privateKey);
    return { token, token_type: 'Bearer', expires_at: expiresAt };
  }

  /** The public key set (RFC 7517), as `GET /sub-app/v1/jwks` publishes it. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [(await this.keys).publicJwk] };
  }

  /** Verifies a token as `app`'s back end would; throws (jose's errors) when it does not hold. */
  async verify(token: string, app: string): Promise<SubAppClaims> {
    const { payload } = await jwtVerify<SubAppClaims>(
      token,
      createLocalJWKSet(await this.jwks()),
      verifyOptions(app),
    );
    return payload;
  }
}

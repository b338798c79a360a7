/**
 * What the shell answers when an app asks (contract: AppRequest in
 * packages/contracts/openapi/sub-apps.schema.yaml, already validated by the channel):
 * - `session-token`: a token scoped to that app, issued by the workbench back end
 *   (`issueSubAppToken`), never the shell's own token. The app is the frame's, as the shell
 *   knows it, not whatever the message says.
 * - `confirm`: a yes/no dialog rendered by the shell above everything.
 */
import { ApiError } from '@/api/transport';
import type { SubAppName } from '@/config/env';
import { getToken } from '@/session/storage';
import { issueSubAppToken } from '@generated/workbench/workbench';
import type { AppRequest, SessionToken } from '@generated/sub-apps/contract';

/** Why a token is refused once the session is over (the kit rejects with it). */
const SESSION_ENDED = 'session-ended: the workbench session has ended; sign in again';

export interface RequestActions {
  confirm: (title: string, content: string) => Promise<boolean>;
}

/**
 * Concurrent token requests of one app share one call. Not a cache (the frame's child API is
 * the one cache, src/sub-app-frame/child-api.ts): the frame runs the child's code, which can
 * post requests past it, and the back end then still sees one call at a time per app.
 */
const inFlight = new Map<SubAppName, Promise<SessionToken>>();

async function sessionToken(app: SubAppName): Promise<SessionToken> {
  if (!getToken()) throw new Error(SESSION_ENDED);
  try {
    const issued = await issueSubAppToken({ app });
    return { token: issued.token, expiresAt: issued.expires_at * 1000 };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'session')
      throw new Error(SESSION_ENDED, { cause: error });
    throw new Error(
      `the token could not be issued: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

export function answerAppRequest(
  app: SubAppName,
  request: AppRequest,
  actions: RequestActions,
): Promise<unknown> {
  if (request.type === 'confirm') return actions.confirm(request.title, request.content);
  let call = inFlight.get(app);
  if (!call) {
    call = sessionToken(app).finally(() => inFlight.delete(app));
    inFlight.set(app, call);
  }
  return call;
}

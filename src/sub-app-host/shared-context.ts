/**
 * The session context every app reads as micro-app global data (`getGlobalData()`):
 * who is signed in and in which space (contract: SessionContext in
 * packages/contracts/openapi/sub-apps.schema.yaml). It holds no credential: an app asks for a token scoped to it.
 */
import { useEffect } from 'react';
import { useSession, type SessionData } from '@/session/bootstrap';
import { setSharedContext, type ShellGlobalData } from './channel';

function sharedContextOf(session: SessionData): ShellGlobalData {
  const { info, config: userConfig } = session;
  return {
    context: {
      user: {
        id: info.gid,
        name: info.user_name ?? '',
        phone: info.phone ?? '',
        avatarUrl: info.avatar_url ?? '',
      },
      tenant: {
        id: userConfig.last_login_tenant_link,
        name: userConfig.last_login_tenant_name ?? '',
        personal: session.isPersonal,
        frozen: userConfig.last_login_tenant_is_disable === true,
        owner: userConfig.is_owner === true,
      },
      locale: 'zh-CN',
      homePage: userConfig.def_home_page === 'page2' ? 'page2' : 'page1',
    },
  };
}

/** Keeps the apps' global data in step with the session. */
export function useSharedContext(): void {
  const session = useSession();
  useEffect(() => setSharedContext(sharedContextOf(session)), [session]);
}

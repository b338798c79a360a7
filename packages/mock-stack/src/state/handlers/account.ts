/**
 * The signed-in user: config (current tenant, guides), info (name, avatar), sign-in
 * credentials (e-mail, password, mobile, third-party bindings) and uploaded files.
 */
import {
  Kind,
  ME,
  type AuthDetail,
  type ProviderBinding,
  type TenantDetail,
  type UserConfig,
  type UserInfo,
} from '../model';
import { bodyObject, fail, isUploadedFile, newId, ok, type Handler, type SessionData } from './kit';

export function config(data: SessionData): UserConfig | undefined {
  const stored = data.get<UserConfig>(Kind.config, ME);
  if (!stored) return undefined;
  // Derived from the tenant list, so creating, joining or leaving a tenant shows at once.
  const current = data.get<{ is_disable: boolean; is_owner: boolean; tenant_name: string }>(
    Kind.tenant,
    stored.last_login_tenant_link,
  );
  return {
    ...stored,
    tenant_total: Math.max(1, data.count(Kind.tenant)),
    ...(current && {
      last_login_tenant_name: current.tenant_name,
      last_login_tenant_is_disable: current.is_disable,
      is_owner: current.is_owner,
    }),
  };
}

/** Moves the user to another of their tenants (or back to the personal space). */
export function enterTenant(data: SessionData, tenantLink: string): void {
  const stored = data.get<UserConfig>(Kind.config, ME);
  const tenant = data.get<{ tenant_name: string }>(Kind.tenant, tenantLink);
  if (!stored || !tenant) return;
  data.put(Kind.config, ME, {
    ...stored,
    last_login_tenant_link: tenantLink,
    last_login_tenant_name: tenant.tenant_name,
  });
}

const PROVIDER_NAMES: Record<ProviderBinding['provider'], string> = {
  wechat: '微信用户',
  dingtalk: '钉钉用户',
  feishu: '飞书用户',
};

export const accountHandlers: Record<string, Handler> = {
  getUserConfig: (data) => {
    const current = config(data);
    return current && ok(current);
  },

  setLastLoginTenant: (data, request) => {
    const { tenant_link } = bodyObject(request) as { tenant_link: string };
    if (!data.get(Kind.tenant, tenant_link)) return fail(400, 400, '您不是该企业的成员');
    enterTenant(data, tenant_link);
    return ok();
  },

  skipGuidePage: (data, request) => {
    const { page } = bodyObject(request) as { page: 1 | 2 };
    const stored = data.get<UserConfig>(Kind.config, ME);
    if (!stored) return undefined;
    data.put(Kind.config, ME, {
      ...stored,
      [page === 1 ? 'is_skip_guide_page' : 'is_skip_guide_page_2']: true,
    });
    return ok();
  },

  getUserInfo: (data) => {
    const user = data.get<UserInfo>(Kind.user, ME);
    return user && ok(user);
  },

  updateUserInfo: (data, request) => {
    const user = data.get<UserInfo>(Kind.user, ME);
    if (!user) return undefined;
    const change = bodyObject(request) as Partial<Pick<UserInfo, 'avatar_url' | 'user_name'>>;
    const next = { ...user, ...change };
    data.put(Kind.user, ME, next);
    if (change.user_name !== undefined) renameEverywhere(data, next);
    return ok(next);
  },

  getAuthDetail: (data) => {
    const auth = data.get<AuthDetail>(Kind.auth, ME);
    return auth && ok(auth);
  },

  updateAuthDetail: (data, request) => {
    const auth = data.get<AuthDetail>(Kind.auth, ME);
    if (!auth) return undefined;
    const next = { ...auth, email: (bodyObject(request) as { email: string }).email };
    data.put(Kind.auth, ME, next);
    return ok(next);
  },

  changePassword: (data, request) => {
    const { old_pwd, new_pwd } = bodyObject(request) as { old_pwd: string; new_pwd: string };
    const stored = data.get<{ digest: string }>(Kind.password, ME);
    if (stored && stored.digest !== old_pwd) return fail(400, 400, '原密码错误');
    setPassword(data, new_pwd);
    return ok();
  },

  // Any 6-digit code is accepted: the mock sends no SMS (the contract's pattern is still enforced).
  resetPasswordByMobile: (data, request) => {
    setPassword(data, (bodyObject(request) as { new_pwd: string }).new_pwd);
    return ok();
  },
  resetPasswordByMobileV2: (data, request) => {
    setPassword(data, (bodyObject(request) as { new_pwd: string }).new_pwd);
    return ok();
  },

  changeMobile: (data, request) => {
    const { phone } = bodyObject(request) as { phone: string };
    const auth = data.get<AuthDetail>(Kind.auth, ME);
    const user = data.get<UserInfo>(Kind.user, ME);
    if (auth) data.put(Kind.auth, ME, { ...auth, phone });
    if (user) {
      data.put(Kind.user, ME, { ...user, phone });
      for (const detail of data.list<TenantDetail>(Kind.tenantDetail))
        data.put(Kind.tenantDetail, detail.tenant_link, {
          ...detail,
          members: detail.members.map((m) => (m.gid === user.gid ? { ...m, phone } : m)),
        });
    }
    return ok();
  },

  bindProvider: (data, request) => {
    const { provider } = bodyObject(request) as { provider: ProviderBinding['provider'] };
    const auth = data.get<AuthDetail>(Kind.auth, ME);
    if (!auth) return undefined;
    if (auth.providers.some((p) => p.provider === provider && p.is_bound))
      return fail(400, 400, '该账号已绑定');
    const binding: ProviderBinding = {
      provider,
      is_bound: true,
      id: newId(data, 'pb', 7101),
      nickname: PROVIDER_NAMES[provider],
      bound_at: Date.now(),
    };
    const others = auth.providers.filter((p) => p.provider !== provider);
    data.put(Kind.auth, ME, { ...auth, providers: [...others, binding].sort(byProviderOrder(auth)) });
    return ok(binding);
  },

  unbindProvider: (data, request) => {
    const auth = data.get<AuthDetail>(Kind.auth, ME);
    if (!auth) return undefined;
    const id = request.params.id;
    if (!auth.providers.some((p) => p.id === id && p.is_bound)) return fail(400, 400, '绑定不存在');
    data.put(Kind.auth, ME, {
      ...auth,
      providers: auth.providers.map((p) =>
        p.id === id ? { ...p, is_bound: false, id: null, nickname: null, bound_at: null } : p,
      ),
    });
    return ok();
  },

  uploadFile: (data, request) => {
    const file = (request.body as Record<string, unknown> | undefined)?.file;
    if (!isUploadedFile(file)) return fail(400, 400, '请选择文件');
    const extension = /\.[a-z0-9]{1,5}$/i.exec(file.name)?.[0].toLowerCase() ?? '';
    const id = data.saveFile(file.type || 'application/octet-stream', file.bytes);
    // Served back by the gateway (/__mock/files/), on the origin the browser used.
    const path = `/__mock/files/${id}${extension}`;
    return ok({ abs: `${request.origin}${path}`, path });
  },
};

function setPassword(data: SessionData, digest: string): void {
  data.put(Kind.password, ME, { digest });
  const auth = data.get<AuthDetail>(Kind.auth, ME);
  if (auth && !auth.has_password) data.put(Kind.auth, ME, { ...auth, has_password: true });
}

/** The user's name also shows as a member and as the owner of their enterprises. */
function renameEverywhere(data: SessionData, user: UserInfo): void {
  for (const detail of data.list<TenantDetail>(Kind.tenantDetail)) {
    data.put(Kind.tenantDetail, detail.tenant_link, {
      ...detail,
      owner_name: detail.owner_gid === user.gid ? user.user_name : detail.owner_name,
      members: detail.members.map((m) => (m.gid === user.gid ? { ...m, user_name: user.user_name } : m)),
    });
  }
}

function byProviderOrder(auth: AuthDetail) {
  const order = auth.providers.map((p) => p.provider);
  return (a: ProviderBinding, b: ProviderBinding) => order.indexOf(a.provider) - order.indexOf(b.provider);
}

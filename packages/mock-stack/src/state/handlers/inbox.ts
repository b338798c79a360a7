/** Notices (message service) and feedback (my feedback, its detail pages). */
import { APP_IDS, Kind, ME, type AppName, type Notice, type StoredFeedback } from '../model';
import { bodyObject, documentedError, field, newId, ok, type Handler, type SessionData } from './kit';

/** SQL filter of the notice list for an app name ("" for all). */
function appFilter(appName: AppName | undefined): { where?: string; params: string[] } {
  const appId = appName ? APP_IDS[appName] : undefined;
  return appId ? { where: `${field('appId')} = ?`, params: [appId] } : { params: [] };
}

const and = (...conditions: (string | undefined)[]) => conditions.filter(Boolean).join(' AND ') || undefined;

/** A new notice, as the realtime push and the tests create them. */
export interface NewNotice {
  app_id?: string;
  scene_no?: string | null;
  title?: string;
  content?: string;
  url?: string | null;
}

const APP_LABELS: Record<string, { name: string; icon: string }> = {
  W0001: { name: '工作台', icon: 'icon-workbench' },
  A0001: { name: '织雀手册', icon: 'icon-manual' },
  A0002: { name: '产品创新引擎', icon: 'icon-product' },
  A0003: { name: '渠道管理', icon: 'icon-channel' },
};

export function addNotice(data: SessionData, notice: NewNotice): Notice {
  const appId = notice.app_id ?? 'W0001';
  const app = APP_LABELS[appId] ?? { name: appId, icon: 'icon-workbench' };
  const stored: Notice = {
    gid: newId(data, 'n-mock', 1),
    isRead: 0,
    sceneIcon: app.icon,
    appName: app.name,
    appId,
    scene_no: notice.scene_no ?? null,
    msgTitle: notice.title ?? '新消息',
    msgContent: notice.content ?? `这是一条来自${app.name}的新消息。`,
    createTime: Date.now(),
    url: notice.url ?? null,
  };
  data.put(Kind.notice, stored.gid, stored);
  return stored;
}

function feedbackSummary(row: StoredFeedback) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.kind === 'activity' ? '体验官反馈' : row.description.slice(0, 30),
    created_at: row.created_at,
  };
}

function submitFeedback(kind: StoredFeedback['kind']): Handler {
  return (data, request) => {
    const meta = { id: newId(data, 'fb', 6001), created_at: Date.now() };
    data.put(Kind.feedback, meta.id, { ...bodyObject(request), ...meta, kind });
    return ok(meta);
  };
}

function feedbackDetail(kind: StoredFeedback['kind']): Handler {
  return (data, request) => {
    const row = data.get<StoredFeedback>(Kind.feedback, request.params.id ?? '');
    if (!row || row.kind !== kind) return documentedError(request, 404);
    const { kind: _kind, ...detail } = row;
    return ok(detail);
  };
}

export const inboxHandlers: Record<string, Handler> = {
  listNotices: (data, request) => {
    // The path names the user and tenant: only the signed-in user's own, in one of their tenants.
    const user = data.get<{ gid: string }>(Kind.user, ME);
    if (!data.get(Kind.tenant, request.params.tid ?? '') || (user && user.gid !== request.params.uid))
      return documentedError(request, 403);
    const query = bodyObject(request) as {
      app_name?: AppName;
      readState?: 0 | 2;
      index?: number;
      page_size?: number;
    };
    const app = appFilter(query.app_name);
    const unread = `${field('isRead')} = 0`;
    const where = and(app.where, query.readState === 2 ? undefined : unread);
    const size = query.page_size ?? 100;
    return ok({
      no_read: data.count(Kind.notice, and(app.where, unread), app.params),
      total: data.count(Kind.notice, where, app.params),
      rows: data.list<Notice>(Kind.notice, {
        where,
        params: app.params,
        orderBy: `${field('createTime')} DESC, seq DESC`,
        limit: size,
        offset: ((query.index ?? 1) - 1) * size,
      }),
    });
  },

  markNoticeRead: (data, request) => {
    const id = request.params.id ?? '';
    if (!data.get(Kind.notice, id)) return documentedError(request, 404);
    data.merge(Kind.notice, { isRead: 1 }, 'id = ?', [id]);
    return ok();
  },

  markAllNoticesRead: (data, request) => {
    const app = appFilter((bodyObject(request) as { app_name?: AppName }).app_name);
    const updated = data.merge(
      Kind.notice,
      { isRead: 1 },
      and(app.where, `${field('isRead')} = 0`),
      app.params,
    );
    return ok({ updated });
  },

  submitActivityFeedback: submitFeedback('activity'),
  submitQuestionFeedback: submitFeedback('question'),

  listFeedback: (data, request) => {
    const query = bodyObject(request) as { index: number; page_size: number; kind?: StoredFeedback['kind'] };
    const where = query.kind ? `${field('kind')} = ?` : undefined;
    const params = query.kind ? [query.kind] : [];
    return ok({
      total: data.count(Kind.feedback, where, params),
      rows: data
        .list<StoredFeedback>(Kind.feedback, {
          where,
          params,
          orderBy: `${field('created_at')} DESC, seq DESC`,
          limit: query.page_size,
          offset: (query.index - 1) * query.page_size,
        })
        .map(feedbackSummary),
    });
  },

  getActivityFeedback: feedbackDetail('activity'),
  getQuestionFeedback: feedbackDetail('question'),
};

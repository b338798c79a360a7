/**
 * Test support for the notice components: notices like the contract's examples and
 * a small stateful message service for MSW (fetch level), so marking read really
 * changes the next list and the bell's count.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { AppName, MarkAllReadRequest, Notice, NoticeQuery } from '@generated/message/model';

/** Local wall-clock time → epoch ms, so expected strings do not depend on the time zone. */
const at = (y: number, mo: number, d: number, h: number, mi: number, s: number) =>
  new Date(y, mo - 1, d, h, mi, s).getTime();

export const NOTICES: Notice[] = [
  {
    gid: 'n-5006',
    isRead: 0,
    sceneIcon: 'https://static.zhique.example.com/icons/manual.png',
    appName: '织雀手册',
    appId: 'A0001',
    scene_no: 'S-1024',
    msgTitle: '手册审核通过',
    msgContent: '您提交的手册《智能温控器安装手册 V2.1》已审核通过，可前往织雀手册查看。',
    createTime: at(2025, 6, 18, 10, 24, 36),
    url: null,
  },
  {
    gid: 'n-5005',
    isRead: 0,
    sceneIcon: 'icon-product',
    appName: '产品创新引擎',
    appId: 'A0002',
    scene_no: null,
    msgTitle: '新品评审结果已发布',
    msgContent: '评审报告见 <b>附件</b>，<img src=x onerror="window.__pwned=1">',
    createTime: at(2025, 6, 18, 9, 12, 5),
    url: 'https://workbench.zhique.example.com/micro-app-product/commodityManagement?id=p-8812',
  },
  {
    gid: 'n-5004',
    isRead: 0,
    sceneIcon: 'icon-channel',
    appName: '渠道管理',
    appId: 'A0003',
    scene_no: null,
    msgTitle: '渠道合作申请',
    msgContent: '经销商「华南电气贸易」申请成为您的渠道合作伙伴，请及时处理。',
    createTime: at(2025, 6, 17, 16, 40, 0),
    url: 'javascript:alert(1)',
  },
  {
    gid: 'n-5003',
    isRead: 1,
    sceneIcon: 'icon-workbench',
    appName: '工作台',
    appId: 'W0001',
    scene_no: null,
    msgTitle: '系统维护通知',
    msgContent: '工作台将于 6 月 20 日 00:00—02:00 进行系统维护。',
    createTime: at(2025, 6, 16, 11, 0, 0),
    url: null,
  },
];

const APP_IDS: Record<Exclude<AppName, ''>, string> = {
  workbench: 'W0001',
  manual: 'A0001',
  engine: 'A0002',
  channel: 'A0003',
};

export interface MessageServiceState {
  notices: Notice[];
  lists: NoticeQuery[];
  listPaths: string[];
  markedRead: string[];
  markedAll: MarkAllReadRequest[];
  /** While set, the list answers HTTP 500. */
  failList: boolean;
}

export function messageService(
  origin: string,
  initial: Notice[] = NOTICES,
): { state: MessageServiceState; handlers: HttpHandler[] } {
  const state: MessageServiceState = {
    notices: initial.map((n) => ({ ...n })),
    lists: [],
    listPaths: [],
    markedRead: [],
    markedAll: [],
    failList: false,
  };
  const ofApp = (app: AppName | undefined) => (n: Notice) => !app || n.appId === APP_IDS[app];
  const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: 'success', data });

  const handlers = [
    http.post(`${origin}/api/message/v1/tenant/:tid/user/:uid/msg/list`, async ({ request }) => {
      const body = (await request.json()) as NoticeQuery;
      state.lists.push(body);
      state.listPaths.push(new URL(request.url).pathname);
      if (state.failList)
        return HttpResponse.json({ code: 500, msg: '服务异常', data: null }, { status: 500 });
      const inApp = state.notices.filter(ofApp(body.app_name));
      const rows = body.readState === 2 ? inApp : inApp.filter((n) => n.isRead === 0);
      return ok({ rows, no_read: inApp.filter((n) => n.isRead === 0).length, total: rows.length });
    }),
    http.put(`${origin}/api/message/v1/msg/all/read`, async ({ request }) => {
      const body = (await request.json()) as MarkAllReadRequest;
      state.markedAll.push(body);
      let updated = 0;
      for (const n of state.notices.filter(ofApp(body.app_name))) {
        if (n.isRead === 0) updated += 1;
        n.isRead = 1;
      }
      return ok({ updated });
    }),
    http.put(`${origin}/api/message/v1/msg/:id/read`, ({ params }) => {
      const id = String(params.id);
      state.markedRead.push(id);
      const notice = state.notices.find((n) => n.gid === id);
      if (notice) notice.isRead = 1;
      return ok(null);
    }),
  ];
  return { state, handlers };
}

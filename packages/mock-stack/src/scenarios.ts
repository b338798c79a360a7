/**
 * QA scenarios of the mock stack. A scenario is chosen with
 * `GET /__mock/scenario/NAME?next=PATH` (cookie `mock_scenario`); the gateway then
 * asks Prism for the example of that name (`Prefer: example=NAME`) on every
 * operation whose 2xx JSON response has one, and for the `default` example elsewhere.
 * The examples themselves live in the OpenAPI documents (see packages/contracts/README.md).
 *
 * `overrides` force a status (and an example of that status) for one operation,
 * keyed by `operationId` (or by `"METHOD /path/template"`); they win over the example
 * lookup.
 */
export interface ScenarioOverride {
  /** HTTP status Prism should answer with (`Prefer: code=...`). */
  status?: number;
  /** Example name of that status's response (`Prefer: example=...`), when it exists. */
  example?: string;
}

export interface Scenario {
  name: string;
  /** Short Chinese label shown on the dev sign-in page. */
  label: string;
  description: string;
  overrides?: Record<string, ScenarioOverride>;
}

export const SCENARIO_COOKIE = 'mock_scenario';

/** The user-info call (GET /user/v1/login/detail). */
const USER_INFO_OPERATION = 'getUserInfo';

export const scenarios: readonly Scenario[] = [
  {
    name: 'personal',
    label: '个人空间用户',
    description: '只有个人空间，首页为 page1，已看过引导（与默认示例相同）。',
  },
  {
    name: 'owner',
    label: '企业所有者',
    description: '企业所有者：三个租户，有管理后台菜单；用户名超过 7 个字，企业名超过 13 个字。',
  },
  {
    name: 'member',
    label: '企业成员',
    description: '企业普通成员（非所有者）：两个租户，没有管理菜单。',
  },
  {
    name: 'frozen',
    label: '已冻结企业',
    description: '当前租户已被禁用（冻结），只能看到续费入口。',
  },
  {
    name: 'page2',
    label: '首页为产品管理',
    description: '默认首页为 page2（产品管理）；用户没有姓名，显示手机号。',
  },
  {
    name: 'newcomer',
    label: '新用户（未看引导）',
    description: '企业所有者，尚未看过任何引导（is_skip_guide_page 与 is_skip_guide_page_2 均为 false）。',
  },
  {
    name: 'empty',
    label: '空列表',
    description: '与个人空间相同，但所有列表为空（通知、反馈、个人空间以外的租户）。',
  },
  {
    name: 'expired',
    label: '登录已失效',
    description: '获取用户信息（GET /user/v1/login/detail）返回 HTTP 401，用于查看会话过期的处理。',
    overrides: { [USER_INFO_OPERATION]: { status: 401, example: 'expired' } },
  },
];

export function findScenario(name: string | undefined): Scenario | undefined {
  return name ? scenarios.find((s) => s.name === name) : undefined;
}

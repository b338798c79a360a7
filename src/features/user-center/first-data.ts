/**
 * The user centre's pages' first data calls, made with the shell's when a load starts on one of
 * them (src/session/first-data.ts says how). Kept out of the pages' own code: it is in the first
 * load. 个人信息 shows the user info, which the shell asks for itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { FeedbackListQuery, UserConfig } from '@generated/workbench/model';
import {
  getGetAuthDetailQueryOptions,
  getListFeedbackQueryOptions,
  getListTenantsQueryOptions,
} from '@generated/workbench/workbench';
import { MY_FEEDBACK_PAGE_SIZE } from '@/constants/limits';
import { fetchWithShell } from '@/session/first-data';

/** 我的反馈's list as the page first asks for it: the first page, every kind. */
export const FIRST_MY_FEEDBACK_PAGE = {
  index: 1,
  page_size: MY_FEEDBACK_PAGE_SIZE,
} as const satisfies FeedbackListQuery;

/** 我的反馈: its first page of feedback. */
export function prefetchMyFeedback(queryClient: QueryClient): void {
  fetchWithShell(queryClient, getListFeedbackQueryOptions(FIRST_MY_FEEDBACK_PAGE));
}

/** 账号设置 and 第三方账号: the account's sign-in methods and bindings. */
export function prefetchAuthDetail(queryClient: QueryClient): void {
  fetchWithShell(queryClient, getGetAuthDetailQueryOptions());
}

/**
 * 我的企业: the enterprises the user joined. Not in the engine home mode (page2), where the page
 * is hidden and the centre shows 个人信息 instead (UserCenterLayout).
 */
export function prefetchJoinedEnterprises(queryClient: QueryClient, config: UserConfig): void {
  if (config.def_home_page === 'page2') return;
  fetchWithShell(queryClient, getListTenantsQueryOptions());
}

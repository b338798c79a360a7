/**
 * The feedback detail pages' first data call, made with the shell's when a load starts on one
 * of them (a notice's link; src/session/first-data.ts says how). Kept out of the pages' own
 * code: it is in the first load.
 */
import {
  getGetActivityFeedbackQueryOptions,
  getGetQuestionFeedbackQueryOptions,
} from '@generated/workbench/workbench';
import { fetchWithShell, type FirstData } from '@/session/first-data';

/** The id a detail page reads from its address (`?id=…`; useFeedbackId reads it so too). */
export const feedbackIdOf = (query: URLSearchParams): string => query.get('id')?.trim() ?? '';

/** The feedback the address names, of `kind`; not in a frozen enterprise, which has no such page. */
export const prefetchFeedback =
  (kind: 'activity' | 'question'): FirstData =>
  (queryClient, config, url) => {
    const id = feedbackIdOf(url.searchParams);
    if (!id || config.last_login_tenant_is_disable === true) return;
    if (kind === 'activity') fetchWithShell(queryClient, getGetActivityFeedbackQueryOptions(id));
    else fetchWithShell(queryClient, getGetQuestionFeedbackQueryOptions(id));
  };

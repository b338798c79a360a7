/**
 * The pages the benchmarks open first, each signed in as the scenario user who sees it
 * (packages/mock-stack/src/scenarios.ts): every kind of page people land on from a bookmark or a link —
 * the signed-in home, an embedded app, the management back-end (a page with a table, the
 * enterprise page), the user centre, a feedback detail from a notice, and the 404 page.
 */
import { ROUTES, routeTo } from '../../src/constants/routes';

export const BENCH_PAGES = [
  { name: 'home', path: '/', scenario: 'personal' },
  { name: 'product', path: routeTo.subAppHome('product'), scenario: 'owner' },
  { name: 'members', path: '/manage/members', scenario: 'owner' },
  { name: 'enterprise', path: '/manage/enterprise', scenario: 'owner' },
  { name: 'base-info', path: ROUTES.userCenter.baseInfo, scenario: 'personal' },
  { name: 'feedback', path: routeTo.feedbackDetail('question', 'fb-5002'), scenario: 'personal' },
  { name: '404', path: ROUTES.notFound, scenario: 'personal' },
] as const;

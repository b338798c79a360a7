/**
 * The guide flow of SPEC §4 as a pure state machine: no React, no network.
 * `transition` returns the next state and the guide pages to report as done
 * (POST /userconfig/v2/skip/guidepage); GuideFlow performs the reports, sets the
 * flags in the user-config cache and persists the state for reloads.
 *
 *   welcome --start--> tour --finish | close | skip--> (report 1) --> invite? | idle
 *   welcome --ignore--> (report 1) --> invite? | idle
 *   invite --closed (skip or ×)--> end --confirm--> (report 2) --> idle
 *   idle | welcome --replay (guide flag, footer link)--> tour
 *
 * "invite?" means: the owner of a non-personal tenant whose guide 2 is not done.
 */
import { GUIDE_TOUR_STEPS } from '@/constants/limits';
import type { GuideFacts } from './needs-guide';

export type { GuideFacts };

export type GuidePhase = 'idle' | 'welcome' | 'tour' | 'invite' | 'end';
export type GuidePage = 1 | 2;
type TourEnd = 'finish' | 'close' | 'skip';

export interface GuideState {
  phase: GuidePhase;
  /** Current tour step, 0-based (meaningful in 'tour'). */
  step: number;
  /** Guide 1 (welcome + tour) is done: is_skip_guide_page. */
  page1Done: boolean;
  /** Guide 2 (invite members) is done: is_skip_guide_page_2. */
  page2Done: boolean;
  /** Owner in a non-personal tenant: the only users guide 2 is for. */
  inviteEligible: boolean;
}

export type GuideEvent =
  | { type: 'start' }
  | { type: 'ignore' }
  | { type: 'step'; step: number }
  | { type: 'tourEnd'; how: TourEnd }
  | { type: 'replay' }
  | { type: 'inviteClosed' }
  | { type: 'endConfirm' };

/** What a reload remembers (sessionStorage): the answers given and where the user was. */
export type GuideProgress = Pick<GuideState, 'phase' | 'step' | 'page1Done' | 'page2Done'>;

export interface GuideTransition {
  state: GuideState;
  reports: GuidePage[];
}

const clampStep = (step: number) => Math.min(Math.max(Math.trunc(step) || 0, 0), GUIDE_TOUR_STEPS - 1);

/** Where the flow goes once guide 1 is behind the user. */
function afterGuide1(state: GuideState): GuideState {
  return { ...state, phase: state.inviteEligible && !state.page2Done ? 'invite' : 'idle', step: 0 };
}

/**
 * The state on load: the server's flags, plus what this tab already answered
 * (so a reload mid-flow does not ask again), resuming the tour step or the end
 * dialog where the user left them.
 */
export function initGuide(facts: GuideFacts, saved?: Partial<GuideProgress> | null): GuideState {
  const page1Done = facts.isSkipGuidePage || saved?.page1Done === true;
  const page2Done = facts.isSkipGuidePage2 || saved?.page2Done === true;
  const inviteEligible = facts.isOwner && !facts.isPersonal;
  const base: GuideState = { phase: 'idle', step: 0, page1Done, page2Done, inviteEligible };
  if (!page1Done) {
    return saved?.phase === 'tour'
      ? { ...base, phase: 'tour', step: clampStep(saved.step ?? 0) }
      : { ...base, phase: 'welcome' };
  }
  if (inviteEligible && !page2Done) return { ...base, phase: saved?.phase === 'end' ? 'end' : 'invite' };
  return base;
}

export function transition(state: GuideState, event: GuideEvent): GuideTransition {
  const stay: GuideTransition = { state, reports: [] };
  switch (event.type) {
    case 'start':
      return state.phase === 'welcome' ? { state: { ...state, phase: 'tour', step: 0 }, reports: [] } : stay;
    case 'ignore':
      if (state.phase !== 'welcome') return stay;
      return { state: afterGuide1({ ...state, page1Done: true }), reports: [1] };
    case 'step':
      return state.phase === 'tour'
        ? { state: { ...state, step: clampStep(event.step) }, reports: [] }
        : stay;
    case 'tourEnd':
      if (state.phase !== 'tour') return stay;
      // A replayed tour was already reported; ending it again reports nothing.
      return { state: afterGuide1({ ...state, page1Done: true }), reports: state.page1Done ? [] : [1] };
    case 'replay':
      // Not over the invite or end dialog: those are answered first.
      return state.phase === 'idle' || state.phase === 'welcome'
        ? { state: { ...state, phase: 'tour', step: 0 }, reports: [] }
        : stay;
    case 'inviteClosed':
      return state.phase === 'invite' ? { state: { ...state, phase: 'end' }, reports: [] } : stay;
    case 'endConfirm':
      if (state.phase !== 'end') return stay;
      return { state: { ...state, phase: 'idle', page2Done: true }, reports: state.page2Done ? [] : [2] };
    default:
      return stay;
  }
}

/**
 * The guide's progress in this tab (sessionStorage), so a reload mid-flow resumes
 * where the user was and does not ask again what they already answered, even
 * before the server's user config reflects it. Per user; a bad or foreign value
 * reads as nothing.
 */
import type { GuidePhase, GuideProgress } from './guide-machine';

const PHASES: readonly GuidePhase[] = ['idle', 'welcome', 'tour', 'invite', 'end'];
const keyFor = (userId: string) => `workbench.guide.${userId}`;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the flow still runs, it just cannot resume after a reload
  }
}

export function readProgress(userId: string): Partial<GuideProgress> | null {
  const raw = session()?.getItem(keyFor(userId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return null;
    return {
      phase: PHASES.includes(value.phase as GuidePhase) ? (value.phase as GuidePhase) : undefined,
      step: typeof value.step === 'number' ? value.step : undefined,
      page1Done: value.page1Done === true,
      page2Done: value.page2Done === true,
    };
  } catch {
    return null;
  }
}

export function writeProgress(userId: string, progress: GuideProgress): void {
  const { phase, step, page1Done, page2Done } = progress;
  try {
    session()?.setItem(keyFor(userId), JSON.stringify({ phase, step, page1Done, page2Done }));
  } catch {
    // quota or privacy mode: nothing to resume from, nothing lost now
  }
}

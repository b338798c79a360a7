/**
 * The 4 tour steps (SPEC §4): home link, personal center, recycle bin, new manual.
 *
 * Target contract — each step finds its element by a `data-guide` attribute:
 *   data-guide="home-link"        the shell's logo link (src/layout/MainLayout.tsx)
 *   data-guide="personal-center"  manual sub-app: the 个人中心 button
 *   data-guide="recycle-bin"      manual sub-app: the 回收站 button
 *   data-guide="new-manual"       manual sub-app: the 新建手册 button
 * The manual app runs in its own frame on its own origin: the frame reports where its
 * targets are and the step points at a stand-in over them (src/sub-app-host/frame-targets.ts). A target
 * that is not there (another page, the app still loading) gives null, and antd's Tour
 * centres that step.
 */
import type { TourProps } from 'antd';
import { GUIDE_TOUR_STEPS } from '@/constants/limits';
import { standInFor } from '@/sub-app-host/frame-targets';
import { TEXT } from '@/constants/texts';

export const TOUR_TARGETS = ['home-link', 'personal-center', 'recycle-bin', 'new-manual'] as const;
export type TourTarget = (typeof TOUR_TARGETS)[number];

const COPY: Record<TourTarget, { title: string; description: string }> = {
  'home-link': { title: TEXT.guide.homeLinkTitle, description: TEXT.guide.homeLinkBody },
  'personal-center': { title: TEXT.guide.personalCenterTitle, description: TEXT.guide.personalCenterBody },
  'recycle-bin': { title: TEXT.guide.recycleBinTitle, description: TEXT.guide.recycleBinBody },
  'new-manual': { title: TEXT.guide.newManualTitle, description: TEXT.guide.newManualBody },
};

/** The element a step points at, or null (then the step is centred). */
export function findTourTarget(target: TourTarget): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-guide="${target}"]`) ?? standInFor(target);
}

export function tourSteps(): NonNullable<TourProps['steps']> {
  return TOUR_TARGETS.slice(0, GUIDE_TOUR_STEPS).map((target) => ({
    ...COPY[target],
    // Every target sits on the left of the page: a popover aligned to its left edge keeps the
    // page's margin, where a centred one would run into the window's edge (the recycle bin).
    placement: 'bottomLeft' as const,
    // Looked up when the step shows, so a sub-app that mounts late is still found.
    target: (() => findTourTarget(target)) as () => HTMLElement,
  }));
}

/**
 * Whether a user needs the guide on load. Kept apart from the flow so the shell
 * can decide without loading the guide's chunk (antd Tour, dialogs).
 */
export interface GuideFacts {
  isSkipGuidePage: boolean;
  isSkipGuidePage2: boolean;
  isOwner: boolean;
  isPersonal: boolean;
}

/** Guide 1 not done, or guide 2 not done by the owner of an enterprise (SPEC §4). */
export function needsGuide(facts: GuideFacts): boolean {
  return !facts.isSkipGuidePage || (facts.isOwner && !facts.isPersonal && !facts.isSkipGuidePage2);
}

export function guideFacts(
  config: { is_skip_guide_page?: boolean; is_skip_guide_page_2?: boolean; is_owner?: boolean },
  isPersonal: boolean,
): GuideFacts {
  return {
    isSkipGuidePage: config.is_skip_guide_page === true,
    isSkipGuidePage2: config.is_skip_guide_page_2 === true,
    isOwner: config.is_owner === true,
    isPersonal,
  };
}

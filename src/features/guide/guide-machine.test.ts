import { describe, expect, it } from 'vitest';
import { GUIDE_TOUR_STEPS } from '@/constants/limits';
import { initGuide, transition, type GuideEvent, type GuidePage, type GuideState } from './guide-machine';
import { needsGuide, type GuideFacts } from './needs-guide';

const newcomer: GuideFacts = {
  isSkipGuidePage: false,
  isSkipGuidePage2: false,
  isOwner: true,
  isPersonal: false,
};
const personalNewcomer: GuideFacts = { ...newcomer, isPersonal: true };
const memberNewcomer: GuideFacts = { ...newcomer, isOwner: false };

/** Runs events from a state; returns the end state and every report made on the way. */
function run(state: GuideState, events: GuideEvent[]): { state: GuideState; reports: GuidePage[] } {
  const reports: GuidePage[] = [];
  for (const event of events) {
    const next = transition(state, event);
    reports.push(...next.reports);
    state = next.state;
  }
  return { state, reports };
}

describe('initGuide', () => {
  it('shows the welcome dialog when guide 1 is not done', () => {
    expect(initGuide(newcomer).phase).toBe('welcome');
  });

  it('opens the invite dialog at once for an owner in an enterprise who only has guide 2 left', () => {
    expect(initGuide({ ...newcomer, isSkipGuidePage: true }).phase).toBe('invite');
  });

  it('shows nothing when both guides are done, or guide 2 does not apply', () => {
    expect(initGuide({ ...newcomer, isSkipGuidePage: true, isSkipGuidePage2: true }).phase).toBe('idle');
    expect(initGuide({ ...personalNewcomer, isSkipGuidePage: true }).phase).toBe('idle');
    expect(initGuide({ ...memberNewcomer, isSkipGuidePage: true }).phase).toBe('idle');
  });

  it('does not ask again after a reload what this tab already answered', () => {
    expect(initGuide(newcomer, { page1Done: true, phase: 'invite' }).phase).toBe('invite');
    expect(initGuide(newcomer, { page1Done: true, phase: 'end' }).phase).toBe('end');
    expect(initGuide(newcomer, { page1Done: true, page2Done: true, phase: 'idle' }).phase).toBe('idle');
    expect(initGuide(personalNewcomer, { page1Done: true }).phase).toBe('idle');
  });

  it('resumes the tour at the step the user was on', () => {
    const state = initGuide(newcomer, { phase: 'tour', step: 2 });
    expect(state).toMatchObject({ phase: 'tour', step: 2 });
  });

  it('clamps a stored step that is out of range', () => {
    expect(initGuide(newcomer, { phase: 'tour', step: 99 }).step).toBe(GUIDE_TOUR_STEPS - 1);
    expect(initGuide(newcomer, { phase: 'tour', step: -3 }).step).toBe(0);
  });

  it('ignores a stored tour once guide 1 is done (the server already knows)', () => {
    expect(
      initGuide({ ...newcomer, isSkipGuidePage: true, isSkipGuidePage2: true }, { phase: 'tour', step: 1 })
        .phase,
    ).toBe('idle');
  });
});

describe('transition: guide 1', () => {
  for (const how of ['finish', 'close', 'skip'] as const) {
    it(`start → tour → ${how} reports page 1, then the owner of an enterprise gets the invite dialog`, () => {
      const { state, reports } = run(initGuide(newcomer), [{ type: 'start' }, { type: 'tourEnd', how }]);
      expect(reports).toEqual([1]);
      expect(state).toMatchObject({ phase: 'invite', page1Done: true, page2Done: false });
    });
  }

  it('walks the 4 steps before finishing', () => {
    const steps = Array.from({ length: GUIDE_TOUR_STEPS }, (_, i) => ({ type: 'step', step: i }) as const);
    let state = transition(initGuide(newcomer), { type: 'start' }).state;
    for (const event of steps) {
      const next = transition(state, event);
      expect(next.reports).toEqual([]);
      expect(next.state).toMatchObject({ phase: 'tour', step: event.step });
      state = next.state;
    }
    expect(transition(state, { type: 'tourEnd', how: 'finish' }).reports).toEqual([1]);
  });

  it('ignore reports page 1 and sets the flag, without a tour', () => {
    const { state, reports } = run(initGuide(newcomer), [{ type: 'ignore' }]);
    expect(reports).toEqual([1]);
    expect(state).toMatchObject({ phase: 'invite', page1Done: true });
  });

  it('ends after guide 1 for a user in the personal space', () => {
    const { state, reports } = run(initGuide(personalNewcomer), [
      { type: 'start' },
      { type: 'tourEnd', how: 'finish' },
    ]);
    expect(reports).toEqual([1]);
    expect(state.phase).toBe('idle');
  });

  it('ends after guide 1 for a member (not owner)', () => {
    const { state, reports } = run(initGuide(memberNewcomer), [{ type: 'ignore' }]);
    expect(reports).toEqual([1]);
    expect(state.phase).toBe('idle');
  });

  it('ends after guide 1 when guide 2 is already done', () => {
    const { state } = run(initGuide({ ...newcomer, isSkipGuidePage2: true }), [{ type: 'ignore' }]);
    expect(state.phase).toBe('idle');
  });
});

describe('transition: guide 2', () => {
  it('closing the invite dialog leads to the end dialog; its confirm reports page 2', () => {
    const afterInvite = run(initGuide(newcomer), [{ type: 'ignore' }, { type: 'inviteClosed' }]);
    expect(afterInvite.state.phase).toBe('end');
    expect(afterInvite.reports).toEqual([1]);
    const done = transition(afterInvite.state, { type: 'endConfirm' });
    expect(done.reports).toEqual([2]);
    expect(done.state).toMatchObject({ phase: 'idle', page1Done: true, page2Done: true });
  });

  it('the whole path reports page 1 then page 2, once each', () => {
    const { state, reports } = run(initGuide(newcomer), [
      { type: 'start' },
      { type: 'step', step: 1 },
      { type: 'step', step: 2 },
      { type: 'step', step: 3 },
      { type: 'tourEnd', how: 'close' },
      { type: 'tourEnd', how: 'finish' }, // antd calls close then finish: the second is a no-op
      { type: 'inviteClosed' },
      { type: 'endConfirm' },
      { type: 'endConfirm' },
    ]);
    expect(reports).toEqual([1, 2]);
    expect(state.phase).toBe('idle');
  });
});

describe('transition: replay (guide flag, footer link)', () => {
  const done = initGuide({ ...newcomer, isSkipGuidePage: true, isSkipGuidePage2: true });

  it('starts the tour again and reports nothing when it ends', () => {
    const { state, reports } = run(done, [
      { type: 'replay' },
      { type: 'step', step: 2 },
      { type: 'tourEnd', how: 'skip' },
    ]);
    expect(reports).toEqual([]);
    expect(state.phase).toBe('idle');
  });

  it('from the welcome dialog it is the same as start (page 1 reported when the tour ends)', () => {
    const { state, reports } = run(initGuide(personalNewcomer), [
      { type: 'replay' },
      { type: 'tourEnd', how: 'finish' },
    ]);
    expect(reports).toEqual([1]);
    expect(state.phase).toBe('idle');
  });

  it('does not interrupt the invite or end dialog', () => {
    const invite = initGuide({ ...newcomer, isSkipGuidePage: true });
    expect(transition(invite, { type: 'replay' }).state).toBe(invite);
    const end = transition(invite, { type: 'inviteClosed' }).state;
    expect(transition(end, { type: 'replay' }).state).toBe(end);
  });
});

describe('transition: events out of place change nothing', () => {
  const cases: [string, GuideState, GuideEvent][] = [
    ['start outside welcome', initGuide({ ...newcomer, isSkipGuidePage: true }), { type: 'start' }],
    ['ignore outside welcome', initGuide({ ...newcomer, isSkipGuidePage: true }), { type: 'ignore' }],
    ['step outside the tour', initGuide(newcomer), { type: 'step', step: 2 }],
    ['tour end outside the tour', initGuide(newcomer), { type: 'tourEnd', how: 'finish' }],
    ['invite closed outside the invite phase', initGuide(newcomer), { type: 'inviteClosed' }],
    ['end confirm outside the end dialog', initGuide(newcomer), { type: 'endConfirm' }],
  ];
  for (const [name, state, event] of cases) {
    it(name, () => {
      const next = transition(state, event);
      expect(next.state).toBe(state);
      expect(next.reports).toEqual([]);
    });
  }
});

describe('needsGuide (whether the shell loads the guide)', () => {
  it('is true while guide 1 is to do, for anyone', () => {
    expect(needsGuide(personalNewcomer)).toBe(true);
    expect(needsGuide(memberNewcomer)).toBe(true);
  });
  it('is true for guide 2 only for the owner of an enterprise', () => {
    expect(needsGuide({ ...newcomer, isSkipGuidePage: true })).toBe(true);
    expect(needsGuide({ ...personalNewcomer, isSkipGuidePage: true })).toBe(false);
    expect(needsGuide({ ...memberNewcomer, isSkipGuidePage: true })).toBe(false);
  });
  it('is false when both are done', () => {
    expect(needsGuide({ ...newcomer, isSkipGuidePage: true, isSkipGuidePage2: true })).toBe(false);
  });
});

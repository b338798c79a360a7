/**
 * What the frame tells the shell about the child's page: when one of its modals is open (and
 * its mask colour), and where the elements the shell's tour points at are. jsdom lays nothing
 * out, so the boxes the browser would give are handed in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUIDE_TARGETS_LIMIT } from '@/sub-app-protocol/messages';
import { watchGuideTargets, watchModals, type ModalState } from './modal-watch';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

beforeEach(() => {
  document.body.innerHTML = '';
  // An element "has a box" when the test says so.
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return (this.hasAttribute('data-box') ? [new DOMRect(0, 0, 10, 10)] : []) as unknown as DOMRectList;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [x, y, w, h] = (this.getAttribute('data-box') ?? '0,0,0,0').split(',').map(Number);
    return new DOMRect(x, y, w, h);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('watching the child’s modals', () => {
  it('reports an ARIA modal while it is shown, with the colour of the mask behind it, and only changes', async () => {
    const mask = Object.assign(document.createElement('div'), { className: 'mask' });
    mask.setAttribute('data-box', `0,0,${window.innerWidth},${window.innerHeight}`);
    mask.style.position = 'fixed';
    mask.style.backgroundColor = 'rgba(0, 0, 0, 0.45)';
    Object.defineProperty(document, 'elementsFromPoint', { configurable: true, value: () => [mask] });
    const states: ModalState[] = [];
    const stop = watchModals((state) => states.push(state));
    expect(states).toEqual([{ open: false, mask: null }]);

    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('data-box', '100,100,400,300');
    document.body.append(mask, dialog);
    await nextFrame();
    expect(states.at(-1)).toEqual({ open: true, mask: 'rgba(0, 0, 0, 0.45)' });

    dialog.setAttribute('data-x', 'a change that changes nothing');
    await nextFrame();
    expect(states).toHaveLength(2);

    dialog.style.visibility = 'hidden'; // closed by the library, kept in the page
    await nextFrame();
    expect(states.at(-1)).toEqual({ open: false, mask: null });
    stop();
  });

  it('does not count a dialog that is not modal, or one without a box', async () => {
    const states: ModalState[] = [];
    const stop = watchModals((state) => states.push(state));
    const plain = document.createElement('div');
    plain.setAttribute('role', 'dialog');
    plain.setAttribute('data-box', '0,0,10,10');
    const boxless = document.createElement('div');
    boxless.setAttribute('role', 'alertdialog');
    boxless.setAttribute('aria-modal', 'true');
    document.body.append(plain, boxless);
    await nextFrame();
    expect(states).toEqual([{ open: false, mask: null }]);
    stop();
  });
});

describe('watching the tour’s targets', () => {
  it('reports where each [data-guide] element is, the first of each name, at most the limit', async () => {
    const reports: Record<string, unknown>[] = [];
    const stop = watchGuideTargets((targets) => reports.push(targets));
    for (let i = 0; i < GUIDE_TARGETS_LIMIT + 3; i++) {
      const element = document.createElement('div');
      element.dataset.guide = i === 1 ? 't0' : `t${i}`;
      element.setAttribute('data-box', `${i},2,30,4`);
      document.body.append(element);
    }
    await nextFrame();
    const last = reports.at(-1)!;
    expect(Object.keys(last)).toHaveLength(GUIDE_TARGETS_LIMIT);
    expect(last.t0).toEqual({ left: 0, top: 2, width: 30, height: 4 });
    expect(last.t2).toEqual({ left: 2, top: 2, width: 30, height: 4 });
    stop();
  });
});

/**
 * A child's modal covers the whole page: everything but the way to the frame is inert, four
 * boxes in the child's mask colour sit around the frame's box, a press on them keeps the focus
 * in the child, and releasing gives the page back exactly as it was.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coverAround } from './modal-cover';

let frame: HTMLIFrameElement;

beforeEach(() => {
  document.body.innerHTML = `
    <header><button id="menu">菜单</button></header>
    <main>
      <aside id="rail" inert>左栏</aside>
      <section id="host"><p id="tip">说明</p><div id="slot"></div></section>
    </main>
    <footer>页脚</footer>`;
  frame = document.createElement('iframe');
  document.getElementById('slot')!.append(frame);
  frame.getBoundingClientRect = () => ({ top: 64, right: 1200, bottom: 800, left: 200 }) as DOMRect;
});
afterEach(() => {
  document.body.innerHTML = '';
});

const inert = () => [...document.querySelectorAll('[inert]')].map((e) => e.id || e.localName).sort();
const boxes = () => [...document.querySelectorAll<HTMLElement>('.child-modal-cover')];

describe('the cover around a child’s modal', () => {
  it('makes everything that is not on the way to the frame inert, and gives it back as it was', () => {
    const cover = coverAround(frame, 'rgba(0, 0, 0, 0.45)');
    expect(inert()).toEqual(['footer', 'head', 'header', 'rail', 'tip']);
    expect(frame.closest('[inert]')).toBeNull();
    cover.release();
    // The rail was inert before: it stays so.
    expect(inert()).toEqual(['rail']);
    expect(boxes()).toHaveLength(0);
  });

  it('dims the page around the frame in the child’s mask colour, or the default one', () => {
    coverAround(frame, 'rgba(10, 20, 30, 0.5)').release();
    const cover = coverAround(frame, 'rgba(10, 20, 30, 0.5)');
    const sides = Object.fromEntries(boxes().map((box) => [box.dataset.side, box.style]));
    expect(Object.keys(sides).sort()).toEqual(['bottom', 'left', 'right', 'top']);
    expect(sides.top).toMatchObject({ top: '0px', height: '64px', background: 'rgba(10, 20, 30, 0.5)' });
    expect(sides.bottom).toMatchObject({ top: '800px', bottom: '0px' });
    expect(sides.left).toMatchObject({ left: '0px', width: '200px', top: '64px', height: '736px' });
    expect(sides.right).toMatchObject({ left: '1200px', right: '0px' });
    for (const box of boxes()) expect(box.getAttribute('aria-hidden')).toBe('true');
    cover.release();

    const plain = coverAround(frame, null);
    expect(boxes()[0]!.style.background).toBe('rgba(0, 0, 0, 0.45)');
    plain.release();
  });

  it('takes the focus from the shell, and a press on the cover puts it back in the child', () => {
    const menu = document.getElementById('menu')!;
    menu.focus();
    const cover = coverAround(frame, null);
    expect(document.activeElement).not.toBe(menu);
    const pressed = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    boxes()[0]!.dispatchEvent(pressed);
    expect(pressed.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(frame);
    cover.release();
  });
});

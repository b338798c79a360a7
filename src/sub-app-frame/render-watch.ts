/**
 * "Mounted" means the child rendered something a user can see: a text or a replaced
 * element (image, canvas, form control…) with a box, anywhere in the body. A child
 * whose scripts ran but left the page empty has not mounted.
 */
const VISIBLE_ELEMENTS = 'img,svg,canvas,video,iframe,object,embed,input,button,select,textarea';
const NOT_CONTENT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META']);

const hasBox = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
};

export function hasVisibleContent(root: HTMLElement = document.body): boolean {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node instanceof Element && NOT_CONTENT.has(node.tagName)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.textContent?.trim() && node.parentElement && hasBox(node.parentElement)) return true;
    } else if ((node as Element).matches(VISIBLE_ELEMENTS) && hasBox(node as Element)) {
      return true;
    }
  }
  return false;
}

/**
 * The page's Content Security Policy nonce: the server writes a fresh one into the
 * header and into `<meta property="csp-nonce" nonce>` of each page (vite-plugins/csp.ts).
 */
let cached: string | undefined | null = null;

export function cspNonce(): string | undefined {
  if (cached === null) {
    const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
    // Browsers hide the attribute once a policy applies; the `nonce` property keeps the value.
    cached = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  }
  return cached;
}

let stamping = false;

/**
 * Gives every `<style>` element that script creates the page's nonce. antd's CSS-in-JS
 * takes the nonce itself (ConfigProvider `csp`), but rc-util's scroll locker and
 * scrollbar measurer in the shell, and a sub-app's own CSS-in-JS in its frame
 * (src/sub-app-frame), create `<style>` elements with no way to pass one. Only
 * script-created elements are stamped: scripts are limited to 'self' (and, in a
 * sub-app's frame, the sub-app origins), so this trusts nothing new, while a `<style>`
 * smuggled in through markup (parsed HTML never calls createElement) stays blocked.
 */
export function nonceScriptCreatedStyles(nonce = cspNonce()): void {
  if (!nonce || stamping) return;
  stamping = true;
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function createElement(
    this: Document,
    tagName: string,
    options?: ElementCreationOptions,
  ) {
    const element = create.call(this, tagName, options);
    // The attribute, not only the property: a node adopted into another document drops the property.
    if (element.localName === 'style') element.setAttribute('nonce', nonce);
    return element;
  } as typeof create;
}

// Loaded into each Prism process (`node --require`, src/lib/prism.ts) in place of a patch of
// Prism's files, which an installed package cannot apply to its users' node_modules.
//
// Prism 5.16 puts its validation messages into the `sl-violations` response header as they
// are, and Node refuses a header value outside Latin-1: an unknown property named `Ꮲ` or an
// enum of Chinese values made `setHeader` throw and the whole Prism process die
// (stoplightio/prism#1934, open; its fix #2400 is not merged). Here the value goes out as the
// same JSON with ASCII escapes, cut to the size Prism itself allows, and a header that still
// cannot be set is left out: the violations are logged and answered either way.
// Drop this file when Prism escapes the header itself (tests/mock/prism-patch.test.ts tells).
'use strict';
const http = require('node:http');

const HEADER = 'sl-violations';
const MAX_LENGTH = 8 * 1024 - 100; // Prism's own MAX_SAFE_HEADER_LENGTH
const setHeader = http.ServerResponse.prototype.setHeader;

http.ServerResponse.prototype.setHeader = function (name, value) {
  if (typeof name !== 'string' || name.toLowerCase() !== HEADER) return setHeader.call(this, name, value);
  const ascii = String(value)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .slice(0, MAX_LENGTH);
  try {
    return setHeader.call(this, name, ascii);
  } catch {
    return this;
  }
};

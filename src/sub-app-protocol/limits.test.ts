/**
 * The shell's limit is longer than the frame's whole start-up, so the shell never fails a
 * frame that is still within its own limits (issue 43: its 20 s used to fire before the
 * frame's 15 s render limit had even started).
 */
import { describe, expect, it } from 'vitest';
import {
  AFTER_ERROR_MS,
  CHILD_PAGE_MS,
  FRAME_START_LIMIT_MS,
  MOUNT_LIMIT_MS,
  RENDER_MS,
  SCRIPTS_MS,
  SHIPPED_CONTENT_GRACE_MS,
  STYLESHEETS_MS,
  WELCOME_MS,
} from './limits';

describe('the time limits of hosting', () => {
  it("the frame's start-up is at most its steps one after the other", () => {
    expect(FRAME_START_LIMIT_MS).toBe(WELCOME_MS + CHILD_PAGE_MS + STYLESHEETS_MS + SCRIPTS_MS + RENDER_MS);
  });

  it("the shell waits longer than the frame's whole start-up", () => {
    expect(MOUNT_LIMIT_MS).toBeGreaterThan(FRAME_START_LIMIT_MS);
  });

  it('the shorter ones of the render step fit inside it', () => {
    expect(AFTER_ERROR_MS).toBeLessThan(RENDER_MS);
    expect(SHIPPED_CONTENT_GRACE_MS).toBeLessThan(RENDER_MS);
  });

  it('stays within what people wait for a page before giving up on it (the spec’s 60 s request timeout)', () => {
    expect(MOUNT_LIMIT_MS).toBeLessThanOrEqual(60_000);
  });
});

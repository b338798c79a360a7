/**
 * Every time limit of hosting an app, in one place, in the order an app's start meets them.
 *
 *   shell, from the frame's creation (or the page being shown, for a prerendered page):
 *     the frame's hello, else its page did not load ........ HELLO_LIMIT_MS
 *       (the frame page: FRAME_PAGE_MS, and a margin)
 *     then its `mounted` or `error` ......................... STARTED_LIMIT_MS
 *       (the frame's whole start-up, FRAME_START_LIMIT_MS, and a margin), each step of it
 *       after the one before:
 *         the shell's welcome ............................... WELCOME_MS
 *         the child's index.html ............................ CHILD_PAGE_MS
 *         its stylesheets (then it shows without) ........... STYLESHEETS_MS
 *         its scripts (parse-time, deferred, module) ........ SCRIPTS_MS
 *         its lifecycle's mount() ........................... LIFECYCLE_MOUNT_MS
 *         its content on screen ............................. RENDER_MS
 *           an error and no lifecycle: content within ....... AFTER_ERROR_MS of it
 *           a server-rendered page counts after ............. SHIPPED_CONTENT_GRACE_MS
 *   leaving: the app's unmount hooks, then its frame goes ... UNMOUNT_MS
 *
 * The frame fails with the step and its reason as soon as one step runs over (or fails), so
 * the shell's limits are a backstop for a frame that never answers: one whose page did not
 * load fails within seconds, and one that started is given longer than its whole start-up,
 * so the shell never fails a frame that is still within its own limits and the frame's
 * reason is the one people see. A frame fetches the child's page while it waits for the
 * welcome; counting the two one after the other only makes the bound looser.
 */

/** Our own small frame page and its script, from the app's frame origin. */
const FRAME_PAGE_MS = 5_000;

export const WELCOME_MS = 5_000;
export const CHILD_PAGE_MS = 5_000;
export const STYLESHEETS_MS = 5_000;
/** A child's bundles can be large: a slow network gets longer for them than for its page. */
export const SCRIPTS_MS = 10_000;
export const LIFECYCLE_MOUNT_MS = 10_000;
export const RENDER_MS = 15_000;
export const AFTER_ERROR_MS = 1_500;
export const SHIPPED_CONTENT_GRACE_MS = 1_000;

/** The frame's whole start-up, at most. */
export const FRAME_START_LIMIT_MS =
  WELCOME_MS + CHILD_PAGE_MS + STYLESHEETS_MS + SCRIPTS_MS + LIFECYCLE_MOUNT_MS + RENDER_MS;

/** What the shell gives a frame on top of each, so the frame's own report always comes first. */
const REPORT_MARGIN_MS = 1_000;

/** How long the shell waits for the frame's hello before it shows the error and a retry. */
export const HELLO_LIMIT_MS = FRAME_PAGE_MS + REPORT_MARGIN_MS;

/** How long the shell then waits for the frame to say the app's content is on screen (or why not). */
export const STARTED_LIMIT_MS = FRAME_START_LIMIT_MS + REPORT_MARGIN_MS;

/** How long a child's unmount may take before its frame goes anyway. */
export const UNMOUNT_MS = 3_000;

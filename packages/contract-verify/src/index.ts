/**
 * The conformance checker as a library: the whole run (`runConformance`, what the
 * `workbench-contract-verify` command does) and the pieces other checkers share — sending a
 * request (`send`, `curl`), judging an answer (`Findings`), the socket's frame checks
 * (`FrameChecker`), generated requests (`plan`), and the reports. The integration gateway and
 * the mock stack's soak test use them.
 */
export * from './client';
export * from './findings';
export * from './plan';
export * from './report';
export * from './run';
export * from './socket';

/**
 * Child processes that never outlive the script that started them, and waiting for a server
 * to answer: what the mock stack supervises its Prism processes with, for other runners too
 * (the workbench's `npm start`, its benchmarks and its nginx smoke test).
 */
export { onTerminate, spawnManaged, type ManagedProcess, type SpawnOptions } from './lib/processes';
export { waitForHttp, type WaitOptions } from './lib/wait';

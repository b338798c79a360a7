/**
 * Supervision of the mock's Prism processes, one per OpenAPI document: started together, each
 * started again when it exits (issue 28: one bad request used to take a service down until
 * someone restarted the stack) after 250 ms, then with a backoff doubling up to 10 s while
 * starts keep failing. The gateway asks `available()` before each call and answers 503 with
 * `Retry-After` meanwhile; the QA sessions live in the store, not in Prism, so nothing is lost.
 */
import { existsSync } from 'node:fs';
import { documentPath, serviceDocuments, type ServiceName } from '@zhique/workbench-contracts/reader';
import { startPrism, type PrismProcess } from './lib/prism';

interface Backend {
  prism?: PrismProcess;
  /** Why there is no Prism for this document (for good: its file is missing). */
  unavailable?: string;
  /** Set while the Prism is down and being started again: since when and why. */
  down?: { since: number; reason: string };
  /** How many times it was started again. */
  restarts: number;
  /** Failed starts in a row (the backoff grows with them). */
  failures: number;
  /** The start under way, if any (stop() waits for it). */
  starting?: Promise<void>;
}

/** Delay before starting a dead Prism again: 250 ms, doubling with each failed start, at most 10 s. */
const restartDelay = (failures: number) => Math.min(250 * 2 ** failures, 10_000);
/** A Prism that lived this long counts as healthy again: the backoff starts over. */
const HEALTHY_AFTER_MS = 30_000;

/** Why a process ended, in one line: its exit code or signal and its last line of error output. */
function exitReason(code: number | string, tail: string): string {
  const how = typeof code === 'number' ? `exited with code ${code}` : `was killed (${code})`;
  const lines = tail.split('\n').filter((line) => line.trim() && !/^\s+at /.test(line));
  const last = [...lines].reverse().find((line) => /error|exception|invalid/i.test(line)) ?? lines.at(-1);
  return last ? `${how}: ${last.trim().slice(0, 300)}` : how;
}

/** Where a call for a service goes: a Prism's port, or why there is none right now. */
export type Availability =
  | { port: number }
  | { gone: string } // for good (no document): 503
  | { restarting: string }; // for a while: 503 with Retry-After

export type ServiceHealth =
  | { status: 'up'; pid: number | undefined; restarts: number }
  | { status: 'restarting'; reason: string; since: number; restarts: number }
  | { status: 'down'; reason: string; restarts: number };

export class PrismServices {
  private readonly backends = new Map<ServiceName, Backend>();
  private readonly restartTimers = new Set<NodeJS.Timeout>();
  private stopping?: Promise<void>;

  private constructor(
    private readonly launch: (service: ServiceName) => Promise<PrismProcess>,
    private readonly warn: (line: string) => void,
  ) {}

  /** Starts one Prism per document, together; fails (stopping those that started) if any cannot start. */
  static async start(options: {
    dynamicSeed?: number;
    quiet?: boolean;
    warn: (line: string) => void;
  }): Promise<PrismServices> {
    const services = new PrismServices(
      (service) =>
        startPrism({
          mode: 'mock',
          document: documentPath(service),
          label: service,
          dynamicSeed: options.dynamicSeed,
          quiet: options.quiet,
        }),
      options.warn,
    );
    const results = await Promise.allSettled(serviceDocuments.map((service) => services.startOne(service)));
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failures.length) {
      await services.stop();
      throw new Error(
        failures.map((f) => (f.reason instanceof Error ? f.reason.message : String(f.reason))).join('\n'),
      );
    }
    for (const [service, backend] of services.backends)
      if (backend.prism) services.supervise(service, backend, backend.prism);
    return services;
  }

  private async startOne(service: ServiceName): Promise<void> {
    if (!existsSync(documentPath(service))) {
      this.backends.set(service, {
        unavailable: `packages/contracts/openapi/${service}.yaml does not exist (yet)`,
        restarts: 0,
        failures: 0,
      });
      this.warn(
        `[mock] packages/contracts/openapi/${service}.yaml does not exist: /api/${service} answers 503`,
      );
      return;
    }
    const backend: Backend = { restarts: 0, failures: 0 };
    this.backends.set(service, backend);
    backend.prism = await this.launch(service);
  }

  available(service: ServiceName): Availability {
    const backend = this.backends.get(service);
    if (!backend || backend.unavailable)
      return { gone: backend?.unavailable ?? `no Prism for /api/${service}` };
    const prism = backend.prism;
    if (!prism || backend.down || prism.process.hasExited())
      return { restarting: backend.down?.reason ?? `Prism (${service}) has stopped` };
    return { port: prism.port };
  }

  health(service: ServiceName): ServiceHealth {
    const b = this.backends.get(service);
    const restarts = b?.restarts ?? 0;
    if (b?.down) return { status: 'restarting', reason: b.down.reason, since: b.down.since, restarts };
    if (b?.prism && !b.prism.process.hasExited()) return { status: 'up', pid: b.prism.process.pid, restarts };
    return { status: 'down', reason: b?.unavailable ?? 'stopped', restarts };
  }

  /** Process ids of the Prism children now running. */
  get pids(): number[] {
    return [...this.backends.values()].flatMap((b) => (b.prism ? [b.prism.process.pid] : []));
  }

  pid(service: ServiceName): number | undefined {
    return this.backends.get(service)?.prism?.process.pid;
  }

  private supervise(service: ServiceName, backend: Backend, prism: PrismProcess): void {
    const started = Date.now();
    void prism.process.exited.then((code) => {
      if (this.stopping || backend.prism !== prism) return;
      // A Prism that dies soon after its start counts as a failed start: the wait grows.
      backend.failures = Date.now() - started > HEALTHY_AFTER_MS ? 0 : backend.failures + 1;
      const reason = `Prism (${service}, pid ${prism.process.pid}) ${exitReason(code, prism.process.tail())}`;
      backend.down = { since: Date.now(), reason };
      this.scheduleRestart(service, backend);
    });
  }

  private scheduleRestart(service: ServiceName, backend: Backend): void {
    const delay = restartDelay(backend.failures);
    this.warn(
      `[mock] ${backend.down?.reason ?? `Prism (${service}) is down`}; starting it again in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      this.restartTimers.delete(timer);
      backend.starting = this.restart(service, backend).finally(() => {
        backend.starting = undefined;
      });
    }, delay);
    this.restartTimers.add(timer);
  }

  private async restart(service: ServiceName, backend: Backend): Promise<void> {
    if (this.stopping) return;
    try {
      const prism = await this.launch(service);
      if (this.stopping) {
        await prism.stop();
        return;
      }
      backend.prism = prism;
      backend.restarts += 1;
      const downFor = backend.down ? Date.now() - backend.down.since : 0;
      backend.down = undefined;
      this.warn(
        `[mock] Prism (${service}) is back (pid ${prism.process.pid}, restart ${backend.restarts}, ` +
          `down ${downFor} ms)`,
      );
      this.supervise(service, backend, prism);
    } catch (error) {
      backend.failures += 1;
      if (backend.down)
        backend.down.reason = `Prism (${service}) could not start: ${(error as Error).message.split('\n')[0]}`;
      this.scheduleRestart(service, backend);
    }
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      for (const timer of this.restartTimers) clearTimeout(timer);
      await Promise.all([...this.backends.values()].map((b) => b.starting));
      await Promise.all([...this.backends.values()].map((b) => b.prism?.stop()));
    })();
    return this.stopping;
  }
}

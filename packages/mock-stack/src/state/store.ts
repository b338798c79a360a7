/**
 * The mock stack's memory: an embedded SQLite database (`node:sqlite`, built into
 * Node 24), in memory by default or in a file (`--state-file`) so a QA session
 * survives a restart.
 *
 * Every QA session has its own rows. A record is one JSON document of a kind
 * ("role", "notice", "tenant", ...) with an id; handlers query them with SQL and
 * `json_extract`, so filtering, ordering and paging are the database's job.
 * Uploaded files are BLOBs beside them.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** What `GET /__mock/state` returns and `PUT /__mock/state` loads. */
export interface SessionSnapshot {
  /** Which scenario the session started from. */
  scenario: string;
  /** Records by kind, each `{ id, value }`, in insertion order. */
  records: Record<string, { id: string; value: Json }[]>;
  /** Uploaded files, base64. */
  files: { id: string; type: string; base64: string }[];
  /** The session's id counters (so ids made after an import do not collide with imported ones). */
  counters?: Record<string, number>;
}

export interface ListOptions {
  /** SQL condition over `body` (use `json_extract(body, '$.field')`), with `?` placeholders. */
  where?: string;
  params?: SQLInputValue[];
  /** SQL ORDER BY expression; insertion order when absent. */
  orderBy?: string;
  limit?: number;
  offset?: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS sessions (
    key        TEXT PRIMARY KEY,
    scenario   TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS records (
    session TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    id      TEXT NOT NULL,
    seq     INTEGER NOT NULL,
    body    TEXT NOT NULL CHECK (json_valid(body)),
    PRIMARY KEY (session, kind, id)
  );
  CREATE INDEX IF NOT EXISTS records_by_order ON records (session, kind, seq);
  CREATE TABLE IF NOT EXISTS files (
    session TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
    id      TEXT NOT NULL,
    type    TEXT NOT NULL,
    bytes   BLOB NOT NULL,
    PRIMARY KEY (session, id)
  );
  CREATE INDEX IF NOT EXISTS files_by_id ON files (id);
  CREATE TABLE IF NOT EXISTS counters (
    session TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
    name    TEXT NOT NULL,
    value   INTEGER NOT NULL,
    PRIMARY KEY (session, name)
  );
`;

export class MockStore {
  readonly db: DatabaseSync;

  constructor(file?: string) {
    if (file) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new DatabaseSync(file ?? ':memory:');
    this.db.exec('PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL;');
    this.db.exec(SCHEMA);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  hasSession(key: string): boolean {
    return this.db.prepare('SELECT 1 FROM sessions WHERE key = ?').get(key) !== undefined;
  }

  scenarioOf(key: string): string | undefined {
    const row = this.db.prepare('SELECT scenario FROM sessions WHERE key = ?').get(key) as
      { scenario: string } | undefined;
    return row?.scenario;
  }

  /** Creates a session and fills it with `seed` (one transaction). */
  createSession(key: string, scenario: string, seed: (session: SessionData) => void): void {
    this.transaction(() => {
      this.db
        .prepare('INSERT INTO sessions (key, scenario, created_at) VALUES (?, ?, ?)')
        .run(key, scenario, Date.now());
      seed(this.session(key));
    });
  }

  /** Forgets one session (it is seeded again on its next request); `undefined` forgets all. */
  reset(key?: string): number {
    const result =
      key === undefined
        ? this.db.prepare('DELETE FROM sessions').run()
        : this.db.prepare('DELETE FROM sessions WHERE key = ?').run(key);
    return Number(result.changes);
  }

  sessionKeys(): string[] {
    return (this.db.prepare('SELECT key FROM sessions ORDER BY created_at').all() as { key: string }[]).map(
      (r) => r.key,
    );
  }

  session(key: string): SessionData {
    return new SessionData(this, key);
  }

  /** Runs `work` in a transaction: everything it wrote is undone if it throws. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** A file by id, whichever session uploaded it (ids are random UUIDs; a session that imported it has a copy). */
  file(id: string): { type: string; bytes: Uint8Array } | undefined {
    return this.db.prepare('SELECT type, bytes FROM files WHERE id = ? LIMIT 1').get(id) as
      { type: string; bytes: Uint8Array } | undefined;
  }

  snapshot(key: string): SessionSnapshot | undefined {
    const scenario = this.scenarioOf(key);
    if (scenario === undefined) return undefined;
    const records: SessionSnapshot['records'] = {};
    const rows = this.db
      .prepare('SELECT kind, id, body FROM records WHERE session = ? ORDER BY kind, seq')
      .all(key) as { kind: string; id: string; body: string }[];
    for (const row of rows)
      (records[row.kind] ??= []).push({ id: row.id, value: JSON.parse(row.body) as Json });
    const files = (
      this.db.prepare('SELECT id, type, bytes FROM files WHERE session = ?').all(key) as {
        id: string;
        type: string;
        bytes: Uint8Array;
      }[]
    ).map((f) => ({ id: f.id, type: f.type, base64: Buffer.from(f.bytes).toString('base64') }));
    const counters = Object.fromEntries(
      (
        this.db.prepare('SELECT name, value FROM counters WHERE session = ?').all(key) as {
          name: string;
          value: number;
        }[]
      ).map((c) => [c.name, Number(c.value)]),
    );
    return { scenario, records, files, counters };
  }

  /** Replaces a session's data with a snapshot (one transaction). */
  load(key: string, snapshot: SessionSnapshot): void {
    this.transaction(() => {
      this.db.prepare('DELETE FROM sessions WHERE key = ?').run(key);
      this.db
        .prepare('INSERT INTO sessions (key, scenario, created_at) VALUES (?, ?, ?)')
        .run(key, snapshot.scenario, Date.now());
      const session = this.session(key);
      for (const [kind, rows] of Object.entries(snapshot.records))
        for (const row of rows) session.put(kind, row.id, row.value);
      const insertFile = this.db.prepare(
        'INSERT OR REPLACE INTO files (id, session, type, bytes) VALUES (?, ?, ?, ?)',
      );
      for (const file of snapshot.files ?? [])
        insertFile.run(file.id, key, file.type, Buffer.from(file.base64, 'base64'));
      const insertCounter = this.db.prepare('INSERT INTO counters (session, name, value) VALUES (?, ?, ?)');
      for (const [name, value] of Object.entries(snapshot.counters ?? {}))
        insertCounter.run(key, name, value);
    });
  }
}

/** One session's records: what the operation handlers read and write. */
export class SessionData {
  constructor(
    private readonly store: MockStore,
    readonly key: string,
  ) {}

  private get db(): DatabaseSync {
    return this.store.db;
  }

  get scenario(): string {
    return this.store.scenarioOf(this.key) ?? 'default';
  }

  get<T = JsonObject>(kind: string, id: string): T | undefined {
    const row = this.db
      .prepare('SELECT body FROM records WHERE session = ? AND kind = ? AND id = ?')
      .get(this.key, kind, id) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as T) : undefined;
  }

  list<T = JsonObject>(kind: string, options: ListOptions = {}): T[] {
    // Paging values come from requests: clamped to what SQLite's 64-bit integers hold, and bound.
    const clamp = (n: number | undefined) =>
      n === undefined || !Number.isFinite(n) ? undefined : Math.min(Math.max(0, Math.floor(n)), 2 ** 52);
    const limit = clamp(options.limit);
    const offset = clamp(options.offset);
    const sql =
      `SELECT body FROM records WHERE session = ? AND kind = ?` +
      (options.where ? ` AND (${options.where})` : '') +
      ` ORDER BY ${options.orderBy ? `${options.orderBy}, ` : ''}seq` +
      (limit !== undefined || offset !== undefined ? ' LIMIT ? OFFSET ?' : '');
    const paging = limit !== undefined || offset !== undefined ? [limit ?? -1, offset ?? 0] : [];
    const rows = this.db.prepare(sql).all(this.key, kind, ...(options.params ?? []), ...paging) as {
      body: string;
    }[];
    return rows.map((row) => JSON.parse(row.body) as T);
  }

  count(kind: string, where?: string, params: SQLInputValue[] = []): number {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM records WHERE session = ? AND kind = ?${where ? ` AND (${where})` : ''}`,
      )
      .get(this.key, kind, ...params) as { n: number };
    return Number(row.n);
  }

  /** Inserts or replaces a record; a replaced record keeps its place in insertion order. */
  put(kind: string, id: string, value: unknown): void {
    this.db
      .prepare(
        `INSERT INTO records (session, kind, id, seq, body)
         VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM records WHERE session = ?), ?)
         ON CONFLICT (session, kind, id) DO UPDATE SET body = excluded.body`,
      )
      .run(this.key, kind, id, this.key, JSON.stringify(value));
  }

  /** Applies a JSON patch-like merge (`json_patch`, RFC 7396) to matching records; returns how many changed. */
  merge(kind: string, patch: JsonObject, where?: string, params: SQLInputValue[] = []): number {
    const result = this.db
      .prepare(
        `UPDATE records SET body = json_patch(body, ?) WHERE session = ? AND kind = ?${where ? ` AND (${where})` : ''}`,
      )
      .run(JSON.stringify(patch), this.key, kind, ...params);
    return Number(result.changes);
  }

  remove(kind: string, id: string): boolean {
    const result = this.db
      .prepare('DELETE FROM records WHERE session = ? AND kind = ? AND id = ?')
      .run(this.key, kind, id);
    return Number(result.changes) > 0;
  }

  /** The next number of a per-session counter (ids of created records). */
  next(name: string, start = 1): number {
    const row = this.db
      .prepare(
        `INSERT INTO counters (session, name, value) VALUES (?, ?, ?)
         ON CONFLICT (session, name) DO UPDATE SET value = value + 1 RETURNING value`,
      )
      .get(this.key, name, start) as { value: number };
    return Number(row.value);
  }

  saveFile(type: string, bytes: Uint8Array): string {
    const id = randomUUID();
    this.db
      .prepare('INSERT INTO files (id, session, type, bytes) VALUES (?, ?, ?, ?)')
      .run(id, this.key, type, bytes);
    return id;
  }
}

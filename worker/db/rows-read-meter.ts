// D1 with the rows every statement read and wrote added up, from D1's own
// result metadata (`meta.rows_read` and `meta.rows_written`, what D1 bills,
// and `meta.duration`): the bench prints them per route and per member action
// (scripts/bench.mjs, scripts/measure-actions.ts, docs/scaling.md). Only the
// bench server turns it on (worker/middleware/bench-db-metrics.ts);
// production never wraps D1.

type Queries = Pick<D1Database, "prepare" | "batch">;

/** A statement that adds the rows it read and wrote to its meter. `first` runs as `all`: D1 returns no metadata with `first`. */
class MeteredStatement implements D1PreparedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly meter: RowsReadMeter,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new MeteredStatement(this.inner.bind(...values), this.meter);
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.meter.add(await this.inner.all<T>());
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.meter.add(await this.inner.run<T>());
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(colName?: string): Promise<T | null> {
    const row = (await this.all<Record<string, unknown>>()).results[0];
    if (row === undefined) return null;
    return (colName === undefined ? row : row[colName]) as T;
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw(): never {
    throw new Error("raw() returns no row counts: use all() where BENCH_DB_METRICS is set");
  }
}

/**
 * Sums `meta.rows_read` and `meta.rows_written` over every statement run
 * through `wrap(db)`, batches and sessions included, with the statements'
 * count and their `meta.duration` (the database's own time: one D1
 * database runs one statement at a time, so this is what bounds its throughput).
 */
export class RowsReadMeter {
  rowsRead = 0;
  rowsWritten = 0;
  statements = 0;
  durationMs = 0;

  /** `total`, when given, also receives every count: a running sum over many meters. */
  constructor(private readonly total?: RowsReadMeter) {}

  add<T extends D1Result<unknown>>(result: T): T {
    this.rowsRead += result.meta.rows_read;
    this.rowsWritten += result.meta.rows_written;
    this.statements += 1;
    this.durationMs += result.meta.duration;
    this.total?.add(result);
    return result;
  }

  wrap(db: D1Database): D1Database {
    return {
      ...this.queries(db),
      exec: (query) => db.exec(query),
      dump: () => db.dump(),
      withSession: (constraint) => {
        const session = db.withSession(constraint);
        return { ...this.queries(session), getBookmark: () => session.getBookmark() };
      },
    };
  }

  private queries(target: Queries): Queries {
    return {
      prepare: (query) => new MeteredStatement(target.prepare(query), this),
      batch: async <T>(statements: D1PreparedStatement[]) => {
        const results = await target.batch<T>(statements.map((statement) => (statement instanceof MeteredStatement ? statement.inner : statement)));
        for (const result of results) this.add(result);
        return results;
      },
    };
  }
}

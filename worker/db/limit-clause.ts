/**
 * LIMIT and OFFSET written into the statement, never bound: SQLite reads a
 * bound LIMIT's value while it plans (sqlite3ExprIsInteger) and so prepares
 * the statement again on every run, where the runtime would otherwise reuse
 * it. A search's statement is long (a birth-year merge, 11 KB), and preparing
 * it cost 0.8 ms of CPU a call (ADR 0028). Every list statement pages this
 * one way. Only whole numbers the Worker computed reach SQL this way: page
 * sizes, list lengths and offsets from page numbers the query schemas
 * bounded; anything else throws before SQL is built.
 */
export function limitClause(limit: number, offset = 0): string {
  if (![limit, offset].every((n) => Number.isSafeInteger(n) && n >= 0)) throw new Error(`LIMIT ${limit} OFFSET ${offset}: not whole numbers`);
  return `LIMIT ${limit} OFFSET ${offset}`;
}

// The slice of the D1 and R2 bindings the seeder uses. Declared here rather
// than taken from the Workers types, which belong to the worker's tsconfig;
// getPlatformProxy hands back the real bindings, which satisfy these shapes.

export type SqlValue = string | number | null;

export interface SeedStatement {
  bind(...values: SqlValue[]): SeedStatement;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  run(): Promise<unknown>;
}

export interface SeedDatabase {
  prepare(query: string): SeedStatement;
  batch(statements: SeedStatement[]): Promise<unknown[]>;
}

export interface SeedBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
  head(key: string): Promise<unknown>;
  list(options: { prefix: string; cursor?: string; limit?: number }): Promise<{ objects: { key: string }[]; truncated: boolean; cursor?: string }>;
  delete(keys: string[]): Promise<void>;
}

export interface SeedEnv {
  DB: SeedDatabase;
  PHOTOS: SeedBucket;
  AGENCY_TZ?: string;
}

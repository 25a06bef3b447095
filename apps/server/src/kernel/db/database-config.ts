/** Where the data lives: PostgreSQL by URL, or PGlite in a folder (null: in memory). */
export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | null };

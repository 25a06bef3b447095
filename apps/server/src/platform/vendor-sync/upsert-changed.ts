import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';

type ColumnKey<TTable extends PgTable> = Extract<keyof TTable['_']['columns'], string>;

/** The incoming row's value of a column, inside `on conflict do update`. */
export function excluded(column: PgColumn): SQL {
  return sql.raw(`excluded."${column.name.replaceAll('"', '""')}"`);
}

/**
 * The `on conflict do update` of a vendor sync's upsert: take the listed columns from the
 * incoming row, and rewrite a stored row only when one of `changedWhen` differs (NULL-safe,
 * `is distinct from`). A page a vendor sends again unchanged then writes nothing, so the
 * row keeps its `updated_at`, no trigger fires and `returning` names only what changed.
 *
 * `expressions` replaces the plain incoming value of a column with an expression (keep the
 * stored value when the vendor sent none, never undo a local deletion …); the change test
 * compares against that same expression, so such a column counts as changed only when its
 * resulting value would differ.
 */
export function upsertChanged<TTable extends PgTable>(
  table: TTable,
  options: {
    target: PgColumn | PgColumn[];
    update: readonly ColumnKey<TTable>[];
    expressions?: Partial<Record<ColumnKey<TTable>, SQL>>;
    changedWhen: readonly ColumnKey<TTable>[];
  },
): { target: PgColumn | PgColumn[]; set: PgUpdateSetSource<TTable>; setWhere: SQL } {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (key: string): PgColumn => {
    const found = columns[key];
    if (!found) throw new Error(`upsertChanged: ${key} is not a column`);
    return found;
  };
  const incoming = (key: ColumnKey<TTable>): SQL =>
    options.expressions?.[key] ?? excluded(column(key));
  const set: Record<string, SQL> = {};
  for (const key of options.update) set[key] = incoming(key);
  for (const key of Object.keys(options.expressions ?? {}) as ColumnKey<TTable>[]) {
    set[key] = incoming(key);
  }
  const stored = sql.join(
    options.changedWhen.map((key) => sql`${column(key)}`),
    sql`, `,
  );
  const next = sql.join(options.changedWhen.map(incoming), sql`, `);
  return {
    target: options.target,
    set: set as PgUpdateSetSource<TTable>,
    setWhere: sql`(${stored}) is distinct from (${next})`,
  };
}

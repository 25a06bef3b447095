import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';
import type { SyncDefinition } from './define-sync';

/**
 * Connections of the definition's vendor whose sync is due: never run, or finished (or
 * failed) `everyMinutes` ago, and not running now. Disconnected ones are left alone; those
 * that need attention are retried at the same pace (a reconnect in the vendor's console
 * heals them without anyone here pressing a button).
 */
export async function findDueSyncs(
  db: Db,
  definition: Pick<SyncDefinition, 'vendor' | 'dataset' | 'everyMinutes'>,
  now: Date,
): Promise<number[]> {
  const dueBefore = new Date(now.getTime() - definition.everyMinutes * 60_000);
  // A run left `running` by a killed process for an hour is due again (its job expired).
  const stuckBefore = new Date(now.getTime() - 60 * 60_000);
  const rows = await rawRows<{ id: number }>(
    db,
    sql`
      select c.id
        from vendor_connections c
        left join sync_states s on s.connection_id = c.id and s.dataset = ${definition.dataset}
       where c.vendor = ${definition.vendor}
         and c.status <> 'disconnected'
         and (s.connection_id is null
              or (s.state <> 'running' and coalesce(s.finished_at, s.started_at, 'epoch') < ${dueBefore})
              or (s.state = 'running' and s.started_at < ${stuckBefore}))
       order by c.id`,
  );
  return rows.map((row) => Number(row.id));
}

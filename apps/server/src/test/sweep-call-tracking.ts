import { eq, sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/database';
import { ctCalls, productInstances, vendorConnections } from '../kernel/db/schema';
import { CALL_TRACKING_VENDOR } from '../providers/kernel/vendor-ids';

/**
 * Issue 18, for the `ctm/:productId` routes: a call-tracking account of A that A's product
 * (id = A) names in its external refs, so the product shows calls, and a recorded call of
 * it with id = A for `calls/:callId/recording` (a demo recording: the sweep runs the demo).
 * Run after the sweep's sequences have moved past the explicit ids.
 */
export async function seedCallTrackingOfA(db: Db, companyA: number): Promise<void> {
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId: companyA,
      vendor: CALL_TRACKING_VENDOR,
      externalAccount: 'CT900001',
      displayName: 'Sweep call tracking',
    })
    .returning();
  await db
    .update(productInstances)
    .set({
      externalRefs: sql`${productInstances.externalRefs} || '{"callTrackingAccountId":"CT900001"}'::jsonb`,
    })
    .where(eq(productInstances.id, companyA));
  await db.insert(ctCalls).values({
    id: companyA,
    connectionId: connection?.id ?? 0,
    companyId: companyA,
    externalId: 'sweep-call',
    calledAt: new Date(),
    trackingNumber: '+15125550190',
    source: 'Google Business Profile',
    callerNumber: '+15125550147',
    durationSeconds: 90,
    talkTimeSeconds: 75,
    status: 'answered',
    firstTime: true,
    recordingUrl: 'demo:plumbing.mp3',
  });
  await db.execute(
    sql`select setval(pg_get_serial_sequence('ct_calls', 'id'), (select max(id) from ct_calls))`,
  );
}

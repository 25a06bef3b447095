import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../kernel/jobs/define-job';
import { linkOrigin } from '../../kernel/lib/link-origin';
import { loadLinkSecret } from '../../kernel/lib/signed-link';
import { mailDomain } from '../../providers/mail/port';
import { ensureDefaultTemplates } from './default-templates';
import { dueWithoutJob, staleSending } from './message-store';
import { solicitationRoutes } from './solicitation.routes';
import { createSolicitationService } from './solicitation.service';
import { solicitationBulkRoutes } from './solicitation-bulk.routes';
import { createCallbacks } from './solicitation-callbacks';
import { defineSendJob, SEND_EXPIRE_SECONDS, SEND_RETRY_LIMIT } from './solicitation-jobs';
import { solicitationLinksRoutes } from './solicitation-links.routes';
import { markReviewed } from './solicitation-reviewed';
import { type SendDeps, sendMessage } from './solicitation-send';
import { solicitationTemplatesRoutes } from './solicitation-templates.routes';
import { twilioWebhooksRoutes } from './twilio-webhooks.routes';

export interface SolicitationPluginOptions {
  /** Store the tick's cron schedule (where workers run, not in tests). */
  scheduleTicks: boolean;
  /** PUBLIC_URL: the origin of review and unsubscribe links and Twilio's callbacks. */
  publicUrl?: string | null;
  /** PINPOINT_LINK_SECRET (null: the installation's generated one). */
  linkSecret?: string | null;
  /** The agency's name, for the HELP reply. */
  agencyName?: string;
  /** PINPOINT_JOBS_EXPIRE_SECONDS for the send job, if shortened (tests): also the lease. */
  sendExpireSeconds?: number;
  /** Recover crashed sends in this process (where job workers run). */
  recoverSends?: boolean;
  /** TWILIO_AUTH_TOKEN when SMS_PROVIDER=twilio: Twilio's callbacks are signed with it. */
  twilioAuthToken?: string | null;
}

/** Every minute: queue due rows whose job was lost, recover crashed sends, match reviews. */
const TICK_CRON = '* * * * *';
/** A due row is left to its own job this long before the tick queues another. */
const TICK_GRACE_MS = 60_000;
/** Realtime updates of one company go out at most this often (a 10,000-row batch sends). */
const ANNOUNCE_EVERY_MS = 300;

/**
 * Review solicitation (issue 20): requests to a client's own customers by SMS and email on
 * the job queue, their templates and bulk CSV batches, the public review and unsubscribe
 * links, and the SMS vendor's callbacks.
 */
export async function registerSolicitation(app: FastifyInstance, opts: SolicitationPluginOptions) {
  const db = app.database.db;
  const log = app.log.child({ component: 'review-solicitation' });
  const linkSecret = await loadLinkSecret(db, opts.linkSecret ?? null);
  const publicUrl = opts.publicUrl ?? null;
  const origin = () => linkOrigin(app, publicUrl);
  const now = () => new Date();
  const expireSeconds = opts.sendExpireSeconds ?? SEND_EXPIRE_SECONDS;

  // Changed requests per (company, product), sent as one event per interval.
  const pending = new Map<string, { companyId: number; productId: number; ids: Set<number> }>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    for (const { companyId, productId, ids } of pending.values()) {
      app.realtime.publish({
        type: 'solicitation.changed',
        payload: { companyId, productId, requestIds: [...ids].slice(-500) },
        audience: { client: companyId },
      });
    }
    pending.clear();
  };
  const changed = (rows: { id: number; companyId: number; productId: number }[]) => {
    for (const row of rows) {
      const key = `${row.companyId}:${row.productId}`;
      const entry = pending.get(key) ?? { ...row, ids: new Set<number>() };
      entry.ids.add(row.id);
      pending.set(key, entry);
    }
    if (pending.size && !timer) timer = setTimeout(flush, ANNOUNCE_EVERY_MS);
  };
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    flush();
  });

  const sendJob = defineSendJob(async ({ messageId }) => ({
    outcome: await sendMessage(sendDeps, messageId),
  }));
  const queueSends = (messages: { id: number; sendAfter: Date }[]) =>
    app.jobs.sendMany(
      sendJob,
      messages.map((m) => ({ payload: { messageId: m.id }, startAfter: m.sendAfter })),
    );
  const sendDeps: SendDeps = {
    db,
    now,
    mail: app.mail,
    sms: app.sms,
    composeContext: (at) => ({
      origin: origin(),
      linkSecret,
      mailDomain: mailDomain(app.mail.from),
      now: at,
    }),
    statusCallbackUrl: () =>
      app.sms.mode === 'twilio' ? `${origin()}/api/sms/twilio/status` : null,
    requeue: (messageId, at) => queueSends([{ id: messageId, sendAfter: at }]),
    changed,
    log,
    maxAttempts: SEND_RETRY_LIMIT + 1,
    leaseMs: expireSeconds * 1000,
  };

  /**
   * A crashed process's sends, once their lease is over: sent here and now rather than
   * through the queue, whose retry of the dead run may wait out a long backoff. The claim
   * is conditional, so a retried job racing this sends nothing more.
   */
  const recoverStale = async () => {
    for (const { id } of await staleSending(db, now(), sendDeps.leaseMs)) {
      await sendMessage(sendDeps, id).catch((error) =>
        log.warn({ err: error, messageId: id }, 'recovering a crashed send failed'),
      );
    }
  };
  const tick = async () => {
    const at = now();
    const due = await dueWithoutJob(db, at, TICK_GRACE_MS);
    await queueSends(due.map((m) => ({ id: m.id, sendAfter: at })));
    await recoverStale();
    changed(await markReviewed(db, null, at));
  };
  const tickJob = defineJob({
    name: 'solicitation.tick',
    payload: z.object({}),
    retryLimit: 0,
    handler: tick,
  });
  app.jobs.register(sendJob);
  app.jobs.register(tickJob);

  // A review synced from Google may be the reply to one of our requests.
  app.vendorSync.afterSync(async (run) => {
    if (run.vendor !== 'google-business-profile' || run.dataset !== 'reviews') return;
    changed(await markReviewed(db, run.connectionId, now()));
  });

  const serviceOn = (clock: () => Date) =>
    createSolicitationService({
      db,
      now: clock,
      queueSends,
      announce: (companyId, productId, requestIds) =>
        changed(requestIds.map((id) => ({ id, companyId, productId }))),
    });
  const service = serviceOn(now);
  const solicitation = {
    ...service,
    sendNow: (messageId: number) => sendMessage(sendDeps, messageId),
    tick,
    withClock: (clock: () => Date) => ({
      createRequests: serviceOn(clock).createRequests,
      sendNow: (messageId: number) => sendMessage({ ...sendDeps, now: clock }, messageId),
    }),
  };
  const callbacks = createCallbacks({
    db,
    now,
    linkSecret,
    changed,
    agencyName: opts.agencyName ?? 'Pinpoint',
  });
  await app.register(solicitationRoutes, { service });
  // The agency's default templates exist on every database (idempotent; H3).
  await ensureDefaultTemplates(db);
  await app.register(solicitationTemplatesRoutes, { service, publicUrl });
  await app.register(solicitationBulkRoutes, { service, publicUrl });
  await app.register(solicitationLinksRoutes, { service, callbacks });
  await app.register(twilioWebhooksRoutes, {
    service,
    callbacks,
    authToken: opts.twilioAuthToken ?? null,
    origin,
  });
  if (opts.scheduleTicks) {
    app.addHook('onReady', async () => {
      await app.jobs.schedule(tickJob, { cron: TICK_CRON }, {});
    });
  }
  if (opts.recoverSends) {
    // Where sends run: look for a crashed process's sends every half lease, from the start.
    let timer: NodeJS.Timeout | null = null;
    let busy: Promise<void> | null = null;
    const every = Math.max(1000, sendDeps.leaseMs / 2);
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        busy ??= recoverStale()
          .catch((error) => log.error({ err: error }, 'send recovery failed'))
          .finally(() => {
            busy = null;
          });
      }, every);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await busy;
    });
  }

  return { solicitation };
}

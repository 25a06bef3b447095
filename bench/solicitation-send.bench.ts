import { startSmtpPeer } from '@pinpoint/fake-vendors/smtp-peer';
import { composeEmail } from '../apps/server/src/areas/review-solicitation/compose-message';
import { solicitationFixtureOn } from '../apps/server/src/areas/review-solicitation/solicitation.test-setup';
import { loadConfig } from '../apps/server/src/config/config';
import { parseMessagingConfig } from '../apps/server/src/config/messaging-config';
import { buildApp } from '../apps/server/src/main/app';
import { zoneInDaytime } from '../apps/server/src/test/daytime-zone';
import type { BenchRow } from './bench-table';

/**
 * Review requests by email (issue 20): sending throughput of one process into a local SMTP
 * server (target ≥ 200 messages/s). (a) the mail transport alone (nodemailer's pool, the
 * same composed message): the baseline, what SMTP costs before our work; (b) the send
 * job's work for each message: load, opt-out and hours checks, the conditional claim,
 * compose, SMTP, the "sent" commit with its event and the request's roll-up, on PGlite.
 * Both with 8 sends at once (the job's concurrency).
 */
const MESSAGES = 2_000;
const CONCURRENCY = 8;
const TARGET_PER_SECOND = 200;

async function inParallel(ids: number[], work: (id: number) => Promise<unknown>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const id = ids[next++] as number;
        await work(id);
      }
    }),
  );
  return ids.length / ((performance.now() - started) / 1000);
}

export async function benchSolicitationSend(): Promise<BenchRow[]> {
  // A real SMTP server that only counts: parsing what it receives would be charged to the
  // process being measured (it runs in the same one here).
  const smtp = await startSmtpPeer({ parse: false });
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const app = await buildApp({
    config: {
      ...base,
      database: { kind: 'pglite', dataDir: null },
      publicUrl: 'https://pinpoint.example.com',
      messaging: parseMessagingConfig({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Pinpoint <no-reply@bench.test>',
      }),
    },
  });
  try {
    const fixture = await solicitationFixtureOn(app.database.db, zoneInDaytime());
    const contacts = Array.from({ length: MESSAGES }, (_, i) => ({
      firstName: `Customer${i}`,
      lastName: 'Bench',
      email: `c${i}@bench.test`,
    }));
    const created = await app.areas['review-solicitation'].solicitation.createRequests(
      fixture.input(contacts),
    );
    const { rows } = await app.database.executeSql(
      'select id from solicitation_messages where company_id = $1 order by id',
      [fixture.companyId],
    );
    const messageIds = rows.map((r) => Number(r.id));
    if (created.created.length !== MESSAGES || messageIds.length !== MESSAGES) {
      throw new Error('the bench batch was not created');
    }
    // (a) The transport alone, warmed up (the pool's connections open on first use).
    const sample = composeEmail(
      {
        origin: 'https://pinpoint.example.com',
        linkSecret: Buffer.alloc(32, 1),
        mailDomain: 'bench.test',
        now: new Date(),
      },
      {
        requestId: 1,
        token: 'bench-token-0000000000',
        business: 'Bench Plumbing',
        firstName: 'Customer',
        lastName: 'Bench',
        template: {
          smsBody: '',
          emailSubject: 'How did {business} do, {first_name}?',
          emailBody: 'Hi {first_name},\n\nWould you leave us a review?\n\n{review_link}',
        },
      },
      'warm@bench.test',
      fixture.companyId,
    );
    await app.mail.send(sample);
    const transport = await inParallel(
      messageIds.map((_, i) => i),
      (i) => app.mail.send({ ...sample, to: `t${i}@bench.test`, messageId: `t${i}@bench.test` }),
    );
    // (b) The send job's work, message by message.
    const before = smtp.mails.length;
    const pipeline = await inParallel(messageIds, async (id) => {
      const outcome = await app.areas['review-solicitation'].solicitation.sendNow(id);
      if (outcome !== 'sent') throw new Error(`message ${id}: ${outcome}`);
    });
    if (smtp.mails.length - before !== MESSAGES) throw new Error('not every message arrived');
    return [
      {
        name: `(a) SMTP transport alone, ${MESSAGES.toLocaleString('en-US')} emails, ${CONCURRENCY} at once`,
        value: transport,
        unit: 'msg/s',
        baseline: transport,
        baselineName: '(a) itself',
      },
      {
        name: `(b) review-request send job into SMTP, PGlite (target ≥ ${TARGET_PER_SECOND} msg/s)`,
        value: pipeline,
        unit: 'msg/s',
        baseline: transport,
        baselineName: '(a) transport alone',
      },
    ];
  } finally {
    await app.close();
    await smtp.close();
  }
}

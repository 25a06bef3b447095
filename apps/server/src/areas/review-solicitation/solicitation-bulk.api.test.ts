import type { BulkBatch, SolicitationTemplateList } from '@pinpoint/contracts';
import { type RunningSmtpPeer, startSmtpPeer } from '@pinpoint/fake-vendors/smtp-peer';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  solicitationBatches,
  solicitationContacts,
  solicitationMessages,
  solicitationOptOuts,
  solicitationRequests,
} from '../../kernel/db/schema';
import { zoneInDaytime } from '../../test/daytime-zone';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app';
import { parseCsv } from './bulk-csv';
import {
  caller,
  type SolicitationFixture,
  solicitationBase,
  solicitationFixture,
} from './solicitation-routes.test-setup';

let t: TestApp;
let f: SolicitationFixture;
let smtp: RunningSmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const base = testConfig();
  t = await createTestApp({
    config: {
      jobs: { ...base.jobs, workers: true },
      messaging: { ...base.messaging, mail: { ...base.messaging.mail, smtpUrl: smtp.url } },
    },
  });
  // Mid-day in the company's zone, so the messages are inside the sending hours now.
  f = await solicitationFixture(t.app, zoneInDaytime());
});
afterAll(async () => {
  await t.app.close();
  await smtp.close();
});

const bulkUrl = () => `${solicitationBase(f.productId)}/bulk`;

async function upload(csv: string, fileName = 'customers.csv') {
  return caller(t.app, f.callers.client)('POST', bulkUrl(), { fileName, csv });
}

/** Polls `read` until `done` holds; throws with the last value after `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms: ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('reading the CSV', () => {
  it('keeps each row’s physical line, across blank lines and quoted multi-line fields', () => {
    const csv = [
      'First,Last,Phone',
      '',
      'Ann,"Multi',
      'line",5122000001',
      'Bob,B,5122000002',
      '',
      '',
      'Cy,C,"512',
      '2000003"',
      'Di,D,5122000004',
    ].join('\r\n');
    const parsed = parseCsv(csv);
    expect(parsed.headers).toEqual(['First', 'Last', 'Phone']);
    expect(parsed.rows.map((r) => [r.line, r.cells[0]])).toEqual([
      [3, 'Ann'],
      [5, 'Bob'],
      [8, 'Cy'],
      [10, 'Di'],
    ]);
  });

  it('refuses a spreadsheet, an unclosed quote and an empty file with what to do', async () => {
    expect((await upload('PK\u0003\u0004binary')).json().error.message).toMatch(
      /Excel workbook.*Save it as "CSV/,
    );
    expect((await upload('a,b\n1,"2\n3,4\n')).json().error.message).toMatch(
      /could not be read at line \d: a quoted field is not closed/,
    );
    expect((await upload('First,Phone\n')).json().error.message).toBe(
      'The file has a header row but no customers.',
    );
    const notCsv = await upload('x', 'customers.xlsx');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().error.details[0]).toMatchObject({ path: 'body.fileName' });
  });

  it('refuses 10,001 rows and accepts 10,000', async () => {
    const rows = (n: number) =>
      [
        'First,Phone',
        ...Array.from({ length: n }, (_, i) => `P${i},51220${String(i).padStart(5, '0')}`),
      ].join('\n');
    const over = await upload(rows(10_001));
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(
      'The file has 10,001 customers; upload at most 10,000 at a time.',
    );
    const full = await upload(rows(10_000));
    expect(full.statusCode).toBe(201);
    expect(full.json<BulkBatch>().rowCount).toBe(10_000);
  });
});

/**
 * 500 customers, 20 of them bad: 5 bad phones, 5 bad emails, 4 without a first name, 4
 * repeating an earlier phone or email, one opted out, one asked last week. A quoted
 * two-line field early on shifts every later line by one.
 */
function fiveHundred(optedOut: string, askedEmail: string) {
  const lines = ['First Name,Last Name,Mobile Phone,E-mail Address'];
  const expected = new Map<number, string>();
  let line = 2;
  for (let i = 0; i < 500; i++) {
    const phone = `512300${String(i).padStart(4, '0')}`;
    const email = `customer${i}@example.com`;
    let row = `Cust${i},Last${i},${phone},${email}`;
    let state: string | null = null;
    if (i >= 10 && i < 15) [row, state] = [`Cust${i},Last${i},555-1${i},${email}`, 'invalid'];
    if (i >= 50 && i < 55) [row, state] = [`Cust${i},Last${i},${phone},bad${i}@`, 'invalid'];
    if (i >= 100 && i < 104) [row, state] = [` ,Last${i},${phone},${email}`, 'invalid'];
    if (i >= 200 && i < 202)
      [row, state] = [`Dup${i},X,5123000000,dup${i}@example.com`, 'duplicate'];
    if (i >= 202 && i < 204)
      [row, state] = [`Dup${i},X,5127770${i},customer1@example.com`, 'duplicate'];
    if (i === 300) [row, state] = [`Opt,Out,${optedOut},opt@example.com`, 'opted-out'];
    if (i === 301) [row, state] = [`Ask,Ed,5124440000,${askedEmail}`, 'recent'];
    if (i === 5) row = `Cust${i},"Smith`;
    lines.push(row);
    if (state) expected.set(line, state);
    line += 1;
    if (i === 5) {
      lines.push(`Jr",${phone},${email}`);
      line += 1;
    }
  }
  return { csv: `${lines.join('\n')}\n`, expected };
}

describe('a 500-row CSV with 20 bad rows', () => {
  it('reports exactly those 20 with their lines, then sends the 480 once confirmed', async () => {
    const db = t.database.db;
    await db
      .insert(solicitationOptOuts)
      .values({ companyId: f.companyId, address: '+15128880000', source: 'sms-keyword' });
    const [asked] = await db
      .insert(solicitationContacts)
      .values({
        companyId: f.companyId,
        firstName: 'Ask',
        email: 'asked@example.com',
        timeZone: 'America/Chicago',
      })
      .returning();
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    await db.insert(solicitationRequests).values({
      companyId: f.companyId,
      productId: f.productId,
      contactId: asked?.id ?? 0,
      sendType: 'email',
      status: 'delivered',
      token: `h3-test-${Date.now()}`,
      scheduledFor: lastWeek,
      consentAt: lastWeek,
      consentSource: 'form',
      createdAt: lastWeek,
    });
    const { csv, expected } = fiveHundred('(512) 888-0000', 'ASKED@example.com');
    expect(expected.size).toBe(20);

    const as = caller(t.app, f.callers.client);
    const uploaded = await upload(csv);
    expect(uploaded.statusCode).toBe(201);
    const draft = uploaded.json<BulkBatch>();
    expect(draft).toMatchObject({ status: 'draft', rowCount: 500, counts: null });
    expect(draft.suggestedMapping).toEqual({
      firstName: 'First Name',
      lastName: 'Last Name',
      phone: 'Mobile Phone',
      email: 'E-mail Address',
      timeZone: null,
    });
    expect(draft.preview[0]).toEqual(['Cust0', 'Last0', '5123000000', 'customer0@example.com']);

    // Another company's client cannot read it, even through a product of its own.
    const stranger = caller(t.app, f.callers.stranger);
    expect(
      (await stranger('GET', `${solicitationBase(f.otherProductId)}/bulk/${draft.id}`)).statusCode,
    ).toBe(404);

    const mapped = await as('PUT', `${bulkUrl()}/${draft.id}/mapping`, {
      mapping: draft.suggestedMapping,
      sendType: 'both',
    });
    expect(mapped.statusCode).toBe(200);
    const report = mapped.json<BulkBatch>();
    expect(report.counts).toEqual({
      ok: 480,
      invalid: 14,
      duplicate: 4,
      'opted-out': 1,
      recent: 1,
    });
    expect(report.problems.total).toBe(20);
    expect(new Map(report.problems.rows.map((r) => [r.line, r.state]))).toEqual(expected);
    const byLine = new Map(report.problems.rows.map((r) => [r.line, r.problems[0]]));
    expect(byLine.get(13)).toBe('"555-110" is not a valid phone number.');
    expect(byLine.get(53)).toBe('"bad50@" is not a valid email.');
    expect(byLine.get(103)).toBe('The first name is missing.');
    expect(byLine.get(203)).toBe('Same phone as line 2.');
    expect(byLine.get(205)).toBe('Same email as line 3.');
    expect(byLine.get(303)).toBe('+15128880000 opted out of messages.');
    expect(byLine.get(304)).toMatch(/^Asked on .*; at most one request per 30 days\.$/);

    // The report reads back the same, one state at a time too; nothing is sent yet.
    const again = await as('GET', `${bulkUrl()}/${draft.id}?state=duplicate`);
    expect(again.json<BulkBatch>().problems.rows.map((r) => r.line)).toEqual([203, 204, 205, 206]);
    expect(smtp.mails).toHaveLength(0);

    const templates = (
      await as('GET', `${solicitationBase(f.productId)}/templates`)
    ).json<SolicitationTemplateList>();
    const templateId = templates.templates[0]?.id;
    const confirm = { templateId, sendType: 'both', scheduledFor: null, consent: true };
    expect(
      (await as('POST', `${bulkUrl()}/${draft.id}/confirm`, { ...confirm, consent: false }))
        .statusCode,
    ).toBe(400);
    const sent = await as('POST', `${bulkUrl()}/${draft.id}/confirm`, confirm);
    expect(sent.statusCode).toBe(200);
    expect(sent.json<BulkBatch>()).toMatchObject({
      status: 'confirmed',
      result: { created: 480, refused: 0 },
    });
    // Exactly once: a second confirmation and a late cancel are refused.
    const twice = await as('POST', `${bulkUrl()}/${draft.id}/confirm`, confirm);
    expect(twice.statusCode).toBe(409);
    expect((await as('DELETE', `${bulkUrl()}/${draft.id}`)).statusCode).toBe(409);

    const [requests] = await db
      .select({ n: count() })
      .from(solicitationRequests)
      .where(eq(solicitationRequests.batchId, draft.id));
    expect(requests?.n).toBe(480);
    const [batch] = await db
      .select()
      .from(solicitationBatches)
      .where(eq(solicitationBatches.id, draft.id));
    expect(batch?.confirmedAt).toBeInstanceOf(Date);

    // The pipeline sends them: 480 emails at the SMTP server, one per customer. A message
    // is marked sent after the server's 250 and is never claimed again, so once all 480 are
    // marked, no further email can come and the count at the server is final.
    const sentOfBatch = async () => {
      const [row] = await db
        .select({ n: count() })
        .from(solicitationMessages)
        .innerJoin(
          solicitationRequests,
          eq(solicitationRequests.id, solicitationMessages.requestId),
        )
        .where(
          and(
            eq(solicitationRequests.batchId, draft.id),
            inArray(solicitationMessages.status, ['sent', 'delivered']),
          ),
        );
      return row?.n ?? 0;
    };
    await until(sentOfBatch, (n) => n >= 480, 180_000);
    expect(smtp.mails).toHaveLength(480);
    expect(new Set(smtp.mails.flatMap((m) => m.to)).size).toBe(480);
  }, 300_000);

  it('cancels a draft, after which it cannot be mapped or sent', async () => {
    const as = caller(t.app, f.callers.client);
    const draft = (await upload('First,Email\nAnn,ann@example.com\n')).json<BulkBatch>();
    const cancelled = await as('DELETE', `${bulkUrl()}/${draft.id}`);
    expect(cancelled.json<BulkBatch>().status).toBe('cancelled');
    const map = await as('PUT', `${bulkUrl()}/${draft.id}/mapping`, {
      mapping: { firstName: 'First', email: 'Email' },
      sendType: 'email',
    });
    expect(map.statusCode).toBe(409);
  });

  it('refuses a mapping that misses what the send type needs, naming the field', async () => {
    const as = caller(t.app, f.callers.client);
    const draft = (await upload('First,Email\nAnn,ann@example.com\n')).json<BulkBatch>();
    const res = await as('PUT', `${bulkUrl()}/${draft.id}/mapping`, {
      mapping: { firstName: 'First', email: 'Email' },
      sendType: 'sms',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      {
        path: 'body.mapping.phone',
        message: 'Choose the column with the phone number (an SMS needs it).',
      },
    ]);
    const unknown = await as('PUT', `${bulkUrl()}/${draft.id}/mapping`, {
      mapping: { firstName: 'Nope', email: 'Email' },
      sendType: 'email',
    });
    expect(unknown.json().error.details[0]).toEqual({
      path: 'body.mapping.firstName',
      message: 'The file has no column "Nope".',
    });
  });

  it('keeps the draft when the sender refuses the whole batch before creating any', async () => {
    const db = t.database.db;
    const as = caller(t.app, f.callers.client);
    const draft = (await upload('First,Email\nAnn,ann-keep@example.com\n')).json<BulkBatch>();
    await as('PUT', `${bulkUrl()}/${draft.id}/mapping`, {
      mapping: { firstName: 'First', email: 'Email' },
      sendType: 'email',
    });
    const [company] = await db
      .select()
      .from(clientCompanies)
      .where(eq(clientCompanies.id, f.companyId));
    await db
      .update(clientCompanies)
      .set({ googlePlaceId: null })
      .where(eq(clientCompanies.id, f.companyId));
    try {
      const templates = (
        await as('GET', `${solicitationBase(f.productId)}/templates`)
      ).json<SolicitationTemplateList>();
      const res = await as('POST', `${bulkUrl()}/${draft.id}/confirm`, {
        templateId: templates.templates[0]?.id,
        sendType: 'email',
        scheduledFor: null,
        consent: true,
      });
      expect(res.statusCode).toBe(400);
      const read = await as('GET', `${bulkUrl()}/${draft.id}`);
      expect(read.json<BulkBatch>()).toMatchObject({ status: 'draft', result: null });
    } finally {
      await db
        .update(clientCompanies)
        .set({ googlePlaceId: company?.googlePlaceId ?? null })
        .where(eq(clientCompanies.id, f.companyId));
    }
  });
});

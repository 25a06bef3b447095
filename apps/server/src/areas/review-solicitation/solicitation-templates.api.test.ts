import type { SolicitationTemplate, SolicitationTemplateList } from '@pinpoint/contracts';
import { and, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitationTemplates } from '../../kernel/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEFAULT_TEMPLATES, ensureDefaultTemplates } from './default-templates';
import {
  caller,
  type SolicitationFixture,
  solicitationBase,
  solicitationFixture,
} from './solicitation-routes.test-setup';

let t: TestApp;
let f: SolicitationFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await solicitationFixture(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const template = {
  name: 'Our own',
  smsBody: 'Hi {first_name}! Please review {business}: {review_link} Reply STOP to opt out.',
  emailSubject: 'Thanks, {first_name}',
  emailBody: 'Hi {first_name},\n\nPlease review us: {review_link}',
};

describe('agency default templates', () => {
  it('exist once on a new database, however often start-up runs', async () => {
    expect(await ensureDefaultTemplates(t.database.db)).toBe(0);
    expect(await ensureDefaultTemplates(t.database.db)).toBe(0);
    const defaults = await t.database.db
      .select()
      .from(solicitationTemplates)
      .where(and(isNull(solicitationTemplates.companyId)));
    expect(defaults.map((d) => d.name).sort()).toEqual(DEFAULT_TEMPLATES.map((d) => d.name).sort());
    expect(defaults.every((d) => d.isDefault)).toBe(true);
  });

  it('ask everyone the same way and say how to stop texts', () => {
    for (const d of DEFAULT_TEMPLATES) {
      expect(d.smsBody).toMatch(/Reply STOP to opt out/);
      expect(`${d.smsBody} ${d.emailBody}`).not.toMatch(/\bif you (were|are) (happy|satisfied)/i);
      expect(d.smsBody).toContain('{review_link}');
    }
  });
});

describe('templates routes', () => {
  it('lists the defaults to the client and to its employee', async () => {
    for (const cookie of [f.callers.client, f.callers.employee]) {
      const res = await caller(t.app, cookie)('GET', `${solicitationBase(f.productId)}/templates`);
      expect(res.statusCode).toBe(200);
      const list = res.json<SolicitationTemplateList>();
      expect(list.templates.filter((x) => x.isDefault)).toHaveLength(DEFAULT_TEMPLATES.length);
    }
  });

  it('creates, edits and archives the company’s own, which others never see', async () => {
    const as = caller(t.app, f.callers.client);
    const base = `${solicitationBase(f.productId)}/templates`;
    const created = await as('POST', base, template);
    expect(created.statusCode).toBe(201);
    const own = created.json<SolicitationTemplate>();
    expect(own).toMatchObject({ name: 'Our own', isDefault: false });

    const edited = await as('PUT', `${base}/${own.id}`, { ...template, name: 'Renamed' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<SolicitationTemplate>().name).toBe('Renamed');

    // The other company neither lists it nor reaches it through its own product.
    const other = caller(t.app, f.callers.stranger);
    const theirs = await other('GET', `${solicitationBase(f.otherProductId)}/templates`);
    expect(theirs.json<SolicitationTemplateList>().templates.map((x) => x.id)).not.toContain(
      own.id,
    );
    const reach = await other('PUT', `${solicitationBase(f.otherProductId)}/templates/${own.id}`, {
      ...template,
      name: 'Hijacked',
    });
    expect(reach.statusCode).toBe(404);
    expect((await other('GET', `${base}`)).statusCode).toBe(403);
    expect(
      (await other('DELETE', `${solicitationBase(f.otherProductId)}/templates/${own.id}`))
        .statusCode,
    ).toBe(404);

    const archived = await as('DELETE', `${base}/${own.id}`);
    expect(archived.statusCode).toBe(200);
    const after = await as('GET', base);
    expect(after.json<SolicitationTemplateList>().templates.map((x) => x.id)).not.toContain(own.id);
    expect((await as('PUT', `${base}/${own.id}`, template)).statusCode).toBe(404);
  });

  it('copies a default but never edits or archives it', async () => {
    const as = caller(t.app, f.callers.client);
    const base = `${solicitationBase(f.productId)}/templates`;
    const list = (await as('GET', base)).json<SolicitationTemplateList>();
    const agency = list.templates.find((x) => x.isDefault);
    if (!agency) throw new Error('no default');
    const edit = await as('PUT', `${base}/${agency.id}`, { ...template });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toMatch(/copy one to make your own/);
    expect((await as('DELETE', `${base}/${agency.id}`)).statusCode).toBe(409);
    const copy = await as('POST', base, {
      name: `${agency.name} (copy)`,
      smsBody: agency.smsBody,
      emailSubject: agency.emailSubject,
      emailBody: agency.emailBody,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json<SolicitationTemplate>().isDefault).toBe(false);
  });

  it('refuses invalid templates with field messages', async () => {
    const as = caller(t.app, f.callers.client);
    const res = await as('POST', `${solicitationBase(f.productId)}/templates`, {
      ...template,
      name: '',
      smsBody: 'Hi {firstname}, review us',
      emailBody: 'If you were happy, review us: {review_link}',
    });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as Array<{ path: string; message: string }>;
    const byPath = (path: string) => details.filter((d) => d.path === path).map((d) => d.message);
    expect(byPath('body.name')).toEqual(['Enter a name for the template.']);
    expect(byPath('body.smsBody')).toEqual([
      'Unknown placeholder {firstname} in the SMS text; use {first_name}, {last_name}, {business}, {review_link}.',
      'Put {review_link} in the SMS text, so the customer can leave the review.',
    ]);
    expect(byPath('body.emailBody')[0]).toMatch(/Ask every customer the same way/);
  });

  it('previews with the company name, a review link and the segment count', async () => {
    const as = caller(t.app, f.callers.client);
    const res = await as('POST', `${solicitationBase(f.productId)}/templates/preview`, {
      smsBody: 'Hi {first_name}, review {business}: {review_link} €',
      emailSubject: 'Hi {first_name}',
      emailBody: 'Thanks from {business}: {review_link}',
      firstName: 'Ana',
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.sms.text).toMatch(
      /^Hi Ana, review Bright sol-\d+-\d+ Dental: http.*\/r\/\S+ €$/,
    );
    expect(preview.sms.encoding).toBe('GSM-7');
    expect(preview.sms.characters).toBe(preview.sms.text.length + 1);
    expect(preview.email.subject).toBe('Hi Ana');
    expect(preview.warnings).toEqual([
      'Add "Reply STOP to opt out" so customers know how to stop texts.',
    ]);
  });
});

import {
  contactFormSchema,
  type FormSubmissionList,
  type FormSubmissionQuery,
  findProduct,
  phoneSchema,
  type RealtimeEventPayload,
  rangeInstants,
} from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, productInstances } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { notFound } from '../../kernel/lib/app-error';
import { siteOfProduct } from '../websites';
import type { WebsiteFormsRepository } from './website-forms.repository';

/** The website products whose site's contact form is listed (catalog slugs). */
export const FORM_PRODUCT_SLUGS = [
  'omgincontact',
  'webworx-professional',
  'website-hosting',
  'website',
  'powerpage',
] as const;

/** Messages one address may send in the window before it is asked to wait. */
export const FORM_RATE = { max: 5, windowMs: 10 * 60_000 };

export type SubmitOutcome =
  | { kind: 'stored'; id: number }
  | { kind: 'honeypot' }
  | { kind: 'invalid'; problems: string[] }
  | { kind: 'too_many' }
  | { kind: 'no_site' };

export interface WebsiteFormsDeps {
  db: Db;
  repo: WebsiteFormsRepository;
  publish: (companyId: number, payload: RealtimeEventPayload<'website-form.submitted'>) => void;
  rate?: { max: number; windowMs: number };
}

/** A form field as sent: the first value when a name repeats; never anything but text. */
const field = (body: Record<string, unknown>, name: string): string | undefined => {
  const value = body[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
};

export function createWebsiteFormsService(deps: WebsiteFormsDeps) {
  const rate = deps.rate ?? FORM_RATE;
  // Per process and address: timestamps of recent messages (bounded memory).
  const recent = new LRUCache<string, number[]>({ max: 10_000 });

  function allow(ip: string): boolean {
    const now = Date.now();
    const times = (recent.get(ip) ?? []).filter((t) => now - t < rate.windowMs);
    if (times.length >= rate.max) {
      recent.set(ip, times);
      return false;
    }
    times.push(now);
    recent.set(ip, times);
    return true;
  }

  return {
    /**
     * A visitor's message from a demo site's contact form. The honeypot answers "thank you"
     * and stores nothing, so a bot learns nothing; the rate limit counts real attempts only.
     */
    async submit(
      slug: string,
      body: Record<string, unknown>,
      meta: { ip: string; userAgent: string | undefined; referer: string | undefined },
    ): Promise<SubmitOutcome> {
      const site = await deps.repo.demoSite(slug);
      if (!site || site.demoDown) return { kind: 'no_site' };
      if (field(body, 'website')?.trim()) return { kind: 'honeypot' };
      if (!allow(meta.ip)) return { kind: 'too_many' };
      const parsed = contactFormSchema.safeParse({
        name: field(body, 'name') ?? '',
        email: field(body, 'email'),
        phone: field(body, 'phone'),
        message: field(body, 'message') ?? '',
        page: field(body, 'page'),
      });
      if (!parsed.success) {
        return {
          kind: 'invalid',
          problems: [...new Set(parsed.error.issues.map((i) => i.message))],
        };
      }
      const form = parsed.data;
      let phone: string | null = null;
      if (form.phone) {
        const e164 = phoneSchema.safeParse(form.phone);
        if (!e164.success)
          return { kind: 'invalid', problems: ['That phone number does not look right.'] };
        phone = e164.data;
      }
      const id = await deps.repo.insert({
        companyId: site.companyId,
        siteId: site.siteId,
        productInstanceId: site.productInstanceId,
        name: form.name,
        email: form.email?.toLowerCase() ?? null,
        phone,
        message: form.message,
        page: form.page ?? pageOf(meta.referer) ?? '/contact',
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      deps.publish(site.companyId, {
        companyId: site.companyId,
        productId: site.productInstanceId,
        submissionId: id,
      });
      return { kind: 'stored', id };
    },

    async list(
      _principal: Principal,
      api: string,
      productId: number,
      query: FormSubmissionQuery,
    ): Promise<FormSubmissionList> {
      const [product] = await deps.db
        .select({ slug: productInstances.productSlug, timeZone: clientCompanies.timeZone })
        .from(productInstances)
        .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
        .where(eq(productInstances.id, productId));
      const catalog = product ? findProduct(product.slug) : null;
      if (
        !product ||
        catalog?.api !== api ||
        !(FORM_PRODUCT_SLUGS as readonly string[]).includes(product.slug)
      ) {
        throw notFound('No such website product.');
      }
      const site = await siteOfProduct(deps.db, productId);
      const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      if (!site) return { ...empty, site: null };
      const range =
        query.from && query.to
          ? rangeInstants({ from: query.from, to: query.to }, query.tz ?? product.timeZone ?? 'UTC')
          : null;
      const { items, total } = await deps.repo.list(site.siteId, {
        ...(range && { start: range.start, end: range.end }),
        ...(query.q && { q: query.q }),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items,
        total,
        page: query.page,
        pageSize: query.pageSize,
        site: { url: site.url, isDemo: site.isDemo },
      };
    },
  };
}
export type WebsiteFormsService = ReturnType<typeof createWebsiteFormsService>;

/** The path of the page the form was sent from, when the browser said so. */
function pageOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname.slice(0, 300);
  } catch {
    return null;
  }
}

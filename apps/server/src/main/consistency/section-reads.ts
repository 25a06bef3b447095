import {
  type ActivityPage,
  type ActivityType,
  type AlertList,
  type BillingOverview,
  type ClientProductsResponse,
  type DayRange,
  findProduct,
  type InvoiceDetail,
  type LeadsPage,
  type NotificationList,
  type OverviewResponse,
  type ReviewList,
  type RoiResponse,
  type SolicitationRequestItem,
} from '@pinpoint/contracts';
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from '../../test/test-app';

/**
 * Each section's own figures, read the way its page reads them: through its HTTP route, as
 * one signed-in caller. The consistency test puts these side by side; nothing here reads a
 * table, so a section that counts wrongly shows up as a difference.
 */

/** A product of a company as the consistency test needs it: which route, which account. */
export interface SectionProduct {
  id: number;
  slug: string;
  /** Two products reading one vendor account count that account once. */
  vendorConnectionId: number | null;
}

export type Channel = 'google_ads' | 'lsa' | 'facebook';

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]): [string, string][] =>
      v === undefined ? [] : [[k, String(v)]],
    ),
  ).toString();

export function sectionReads(app: FastifyInstance, cookie: string) {
  async function call<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
    const res = await app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN },
      ...(payload && { payload }),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }
  const get = <T>(url: string) => call<T>('GET', url);
  const post = <T>(url: string, payload: object) => call<T>('POST', url, payload);

  /** Every item of an offset-paged list (`limit` ≤ 100). */
  async function allOffset<T>(
    url: string,
    params: Record<string, string | undefined> = {},
  ): Promise<T[]> {
    const items: T[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await get<{ items: T[]; total: number }>(
        `${url}?${query({ ...params, limit: 100, offset })}`,
      );
      items.push(...page.items);
      if (items.length >= page.total || page.items.length === 0) return items;
    }
  }

  /** Every item of a page-numbered list. */
  async function allPages<T>(
    url: string,
    params: Record<string, string | undefined>,
    size: number,
  ) {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const body = await get<{ items: T[]; total: number }>(
        `${url}?${query({ ...params, page, pageSize: size })}`,
      );
      items.push(...body.items);
      if (items.length >= body.total || body.items.length === 0) return items;
    }
  }

  return {
    products: async (companyId: number) =>
      (await get<ClientProductsResponse>(`/api/uni/client/products/${companyId}`)).items,

    leadsCenter: (companyId: number, range: DayRange) =>
      get<LeadsPage>(`/api/uni/client/leads/${companyId}?${query({ ...range, pageSize: 1 })}`),

    roi: (companyId: number, range: DayRange) =>
      get<RoiResponse>(`/api/uni/client/roi/${companyId}?${query({ ...range })}`),

    overview: (companyId: number, range: DayRange) =>
      post<OverviewResponse>(`/api/uni/charts/overview/${companyId}?${query({ ...range })}`, {}),

    /** The leads a source's own page counts for one product and range. */
    async sourceLeads(product: SectionProduct, range: DayRange): Promise<number> {
      switch (product.slug) {
        case 'local-services-ads':
          return (
            await post<{ leads: number }>('/api/lsa/account/metrics', {
              productId: product.id,
              ...range,
            })
          ).leads;
        case 'google-calls-advisor':
          return (
            await get<{ totals: { calls: number } }>(
              `/api/uni/products/ctm/${product.id}?${query({ ...range })}`,
            )
          ).totals.calls;
        case 'google-ads':
        case 'ads-xpress': {
          const leads = await post<{ calls: number; forms: number }>('/api/googleads/', {
            report: 'leads',
            productId: product.id,
            ...range,
            pageSize: 1,
          });
          return leads.calls + leads.forms;
        }
        case 'facebook-ads':
          return (
            await post<{ totals: { leads: number } }>(
              `/api/uni/products/fbads/${product.id}/report`,
              range,
            )
          ).totals.leads;
        default: {
          // A website product: its site's contact form messages.
          const api = findProduct(product.slug)?.api;
          return (
            await get<{ total: number }>(
              `/api/uni/products/${api}/${product.id}/submissions?${query({ ...range, pageSize: 1 })}`,
            )
          ).total;
        }
      }
    },

    /** One ads product's spend for a range, as its report shows it. */
    async adSpend(product: SectionProduct, range: DayRange): Promise<number> {
      switch (product.slug) {
        case 'google-ads':
        case 'ads-xpress':
          return (
            await post<{ metrics: { costCents: number } }>('/api/googleads/', {
              report: 'account/metrics',
              productId: product.id,
              ...range,
            })
          ).metrics.costCents;
        case 'local-services-ads':
          return (
            await post<{ spendCents: number }>('/api/lsa/account/metrics', {
              productId: product.id,
              ...range,
            })
          ).spendCents;
        default:
          return (
            await post<{ totals: { spendCents: number } }>(
              `/api/uni/products/fbads/${product.id}/report`,
              range,
            )
          ).totals.spendCents;
      }
    },

    /** Every invoice of the company with its lines, as the billing page opens them. */
    async invoices(companyId: number): Promise<InvoiceDetail[]> {
      const summaries: BillingOverview['invoices'] = [];
      for (let page = 1; ; page++) {
        const body = await get<BillingOverview>(
          `/api/uni/client/billing/${companyId}?${query({ page, pageSize: 50 })}`,
        );
        summaries.push(...body.invoices);
        if (summaries.length >= body.total || body.invoices.length === 0) break;
      }
      const details: InvoiceDetail[] = [];
      for (const invoice of summaries)
        details.push(
          await get<InvoiceDetail>(`/api/uni/client/billing/${companyId}/invoices/${invoice.id}`),
        );
      return details;
    },

    /** The activity feed's count for a range (and a type). */
    activityTotal: async (companyId: number, range: DayRange, type?: ActivityType) =>
      (
        await get<ActivityPage>(
          `/api/uni/client/activity/${companyId}?${query({ ...range, type, limit: 1 })}`,
        )
      ).total,

    alerts: (companyId: number) =>
      allOffset<AlertList['items'][number]>(`/api/alerts/${companyId}`),

    notifications: (companyId: number) =>
      allOffset<NotificationList['items'][number]>(`/api/uni/client/notifications/${companyId}`),

    /** A product's review requests with a status (the history list, every page). */
    requests: (productId: number, status: string) =>
      allPages<SolicitationRequestItem>(
        `/api/uni/products/reviewsolicitation/${productId}/requests`,
        { status },
        100,
      ),

    /** Every review of the company's products (the company reviews list, every page). */
    reviews: (companyId: number) =>
      allPages<ReviewList['items'][number]>(
        `/api/uni/products/reviews/company/${companyId}`,
        { sort: 'newest' },
        100,
      ),
  };
}

export type SectionReads = ReturnType<typeof sectionReads>;

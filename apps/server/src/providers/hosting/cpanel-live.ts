import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import {
  classifyHttpStatus,
  createVendorSend,
  parseRetryAfter,
  safeVendorMessage,
  unexpectedShape,
} from '../kernel/vendor-http';
import { HOSTING_VENDOR } from '../kernel/vendor-ids';
import { HOSTING_LABEL, type HostingProvider, monthsBetween } from './port';

export interface CpanelLiveOptions {
  /** The cPanel server, e.g. https://host.example.com:2083 (HOSTING_CPANEL_URL). */
  baseUrl: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
}

const MB = 1024 * 1024;
/** cPanel writes numbers as numbers or numeric strings, depending on the call and version. */
const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
/** Every UAPI answer: `{ result: { status: 1|0, data, errors, messages } }`. */
const uapiSchema = z.object({
  result: z.object({
    status: z.number(),
    data: z.unknown(),
    errors: z.array(z.string()).nullable().optional(),
  }),
});
const userInfoSchema = z.object({ plan: z.string().optional(), domain: z.string() });
const quotaSchema = z.object({
  megabytes_used: num,
  /** 0 (or absent) is unlimited. */
  megabyte_limit: num.nullable().optional(),
});
/** `grouping=year_month`: the month's start as epoch seconds → bytes. */
const bandwidthSchema = z.record(z.string(), num);
const certSchema = z.object({
  'subject.commonName': z.string().optional(),
  'issuer.organizationName': z.string().optional(),
  'issuer.commonName': z.string().optional(),
  not_after: num,
  domains: z.array(z.string()).optional(),
});

/**
 * cPanel's UAPI with an API token (`Authorization: cpanel {user}:{token}`): the account is
 * the connection's cPanel user, the token its sealed secret. Reads
 * `Variables/get_user_information` (plan, main domain), `Quota/get_quota_info` (disk),
 * `Bandwidth/query` (transfer per month) and `SSL/list_certs` (the main domain's
 * certificate). cPanel does not know when a domain's registration renews (that is the
 * registrar's), so the live adapter answers null there and the page says so.
 */
export function createCpanelLive(options: CpanelLiveOptions): HostingProvider {
  const send = createVendorSend({
    vendor: HOSTING_VENDOR,
    label: HOSTING_LABEL,
    recordCall: options.recordCall,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
  });
  const base = options.baseUrl.replace(/\/+$/, '');

  async function uapi(
    access: ConnectionAccess,
    path: string,
    signal?: AbortSignal,
  ): Promise<unknown> {
    if (!access.accessToken) {
      throw new VendorError(
        HOSTING_VENDOR,
        'auth',
        `${HOSTING_LABEL} is not connected (no API token).`,
      );
    }
    const response = await send({
      url: `${base}/execute/${path}`,
      method: 'GET',
      headers: {
        authorization: `cpanel ${access.externalAccount}:${access.accessToken}`,
        accept: 'application/json',
      },
      signal,
    });
    const secrets = [access.accessToken];
    if (!response.ok) {
      throw new VendorError(
        HOSTING_VENDOR,
        classifyHttpStatus(response.status),
        `${HOSTING_LABEL} refused the request (HTTP ${response.status}).`,
        response.status,
        parseRetryAfter(response.headers.get('retry-after')),
      );
    }
    const parsed = uapiSchema.safeParse(response.json);
    if (!parsed.success) throw unexpectedShape(HOSTING_VENDOR, HOSTING_LABEL);
    if (parsed.data.result.status !== 1) {
      const said = safeVendorMessage(parsed.data.result.errors?.join(' '), secrets);
      throw new VendorError(
        HOSTING_VENDOR,
        'invalid',
        `${HOSTING_LABEL} answered with an error${said ? `: ${said}` : '.'}`,
      );
    }
    return parsed.data.result.data;
  }

  function read<T>(schema: z.ZodType<T>, data: unknown): T {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw unexpectedShape(HOSTING_VENDOR, HOSTING_LABEL);
    return parsed.data;
  }

  return {
    vendor: HOSTING_VENDOR,
    mode: 'live',
    async getAccount(access, signal) {
      const user = read(
        userInfoSchema,
        await uapi(access, 'Variables/get_user_information', signal),
      );
      const quota = read(quotaSchema, await uapi(access, 'Quota/get_quota_info', signal));
      const certs = read(z.array(certSchema), await uapi(access, 'SSL/list_certs', signal));
      const domain = user.domain.toLowerCase();
      // The certificate that covers the main domain and lasts longest.
      const cert = certs
        .filter((c) =>
          (c.domains ?? [c['subject.commonName'] ?? '']).some((name) => {
            const d = name.toLowerCase();
            return d === domain || (d.startsWith('*.') && domain.endsWith(d.slice(1)));
          }),
        )
        .sort((a, b) => b.not_after - a.not_after)[0];
      const limit = quota.megabyte_limit ?? 0;
      return {
        plan: user.plan ?? 'cPanel account',
        domain,
        domainRenewsOn: null,
        diskQuotaMb: limit > 0 ? Math.round(limit) : null,
        bandwidthQuotaMb: null,
        diskUsedMb: Math.round(quota.megabytes_used),
        ssl: cert
          ? {
              issuer:
                cert['issuer.organizationName'] ?? cert['issuer.commonName'] ?? 'Unknown issuer',
              subject: cert['subject.commonName'] ?? domain,
              expiresAt: new Date(cert.not_after * 1000),
            }
          : null,
      };
    },
    async listMonths(access, range, signal) {
      const start = Date.parse(`${range.from}T00:00:00Z`) / 1000;
      const [y, m] = range.to.split('-').map(Number) as [number, number];
      const end = Date.UTC(y, m, 1) / 1000 - 1;
      const query = new URLSearchParams({
        grouping: 'year_month',
        interval: 'monthly',
        start: String(start),
        end: String(end),
      });
      const data = read(bandwidthSchema, await uapi(access, `Bandwidth/query?${query}`, signal));
      const byMonth = new Map<string, number>();
      for (const [epoch, bytes] of Object.entries(data)) {
        const at = new Date(Number(epoch) * 1000);
        if (Number.isNaN(at.getTime())) throw unexpectedShape(HOSTING_VENDOR, HOSTING_LABEL);
        const key = `${at.toISOString().slice(0, 7)}-01`;
        byMonth.set(key, (byMonth.get(key) ?? 0) + bytes);
      }
      return monthsBetween(range.from, range.to).map((month) => ({
        month,
        bandwidthUsedMb: Math.round((byMonth.get(month) ?? 0) / MB),
        diskUsedMb: null,
      }));
    },
  };
}

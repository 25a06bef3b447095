import {
  type Alert,
  type AlertKind,
  type AlertLinkDays,
  type AlertList,
  type AlertShareLink,
  type AlertsMarkedRead,
  alertKindSchema,
  SHARED_ALERTS_LIMIT,
  type SharedAlerts,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { AppError, accessDenied, gone, notFound } from '../../kernel/lib/app-error';
import { signAlertsLink, verifyAlertsLink } from './alerts.links';
import type { AlertRow, AlertsRepository } from './alerts.repository';

export const LINK_INVALID_MESSAGE = 'This alerts link is not valid.';
export const LINK_EXPIRED_MESSAGE =
  'This alerts link has expired. Ask for a new one from your dashboard.';

const DAY_MS = 86_400_000;

const linkInvalid = () => new AppError(400, 'LINK_INVALID', LINK_INVALID_MESSAGE);
const linkExpired = () => gone(LINK_EXPIRED_MESSAGE, 'LINK_EXPIRED');

/** The column is plain text; a kind this version does not know reads as the oldest one. */
function kindOf(value: string): AlertKind {
  const parsed = alertKindSchema.safeParse(value);
  return parsed.success ? parsed.data : 'freemium';
}

function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: kindOf(row.kind),
    title: row.title,
    body: row.body,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface AlertsServiceDeps {
  repo: AlertsRepository;
  /** The link-signing secret (alerts.links.ts); held here only, never sent or logged. */
  secret: Buffer;
  clock?: () => Date;
}

/** A company's alerts for the dashboard, and the read-only links to them. */
export function createAlertsService({ repo, secret, clock = () => new Date() }: AlertsServiceDeps) {
  /** The route's `clientOf` guard already ran; the service checks again, as every service does. */
  async function requireCompany(principal: Principal, companyId: number): Promise<string> {
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    const name = await repo.companyName(companyId);
    if (name === null) throw notFound('No such client.');
    return name;
  }

  return {
    async list(
      principal: Principal,
      companyId: number,
      filter: { limit: number; offset: number; unread?: 'true' | 'false' },
    ): Promise<AlertList> {
      await requireCompany(principal, companyId);
      const page = await repo.list({
        companyId,
        unreadOnly: filter.unread === 'true',
        limit: filter.limit,
        offset: filter.offset,
      });
      return {
        ...page,
        items: page.items.map(toAlert),
        limit: filter.limit,
        offset: filter.offset,
      };
    },

    /** Marks one of the company's alerts read; an alert of another company is not found. */
    async markRead(principal: Principal, companyId: number, alertId: number): Promise<Alert> {
      await requireCompany(principal, companyId);
      const row = await repo.markRead(companyId, alertId);
      if (!row) throw notFound('No such alert.');
      return toAlert(row);
    },

    /** Marks all the company's alerts read (the "Mark all as read" button). */
    async markAllRead(principal: Principal, companyId: number): Promise<AlertsMarkedRead> {
      await requireCompany(principal, companyId);
      return { updated: await repo.markAllRead(companyId), unreadCount: 0 };
    },

    /**
     * A link anyone holding it can open until it expires. `origin` is where the web app is
     * served (PUBLIC_URL or the caller's verified own origin); the token does not depend on it.
     */
    async createShareLink(
      principal: Principal,
      companyId: number,
      days: AlertLinkDays,
      origin: string,
    ): Promise<AlertShareLink> {
      await requireCompany(principal, companyId);
      const expiresAt = new Date(clock().getTime() + days * DAY_MS);
      // The token carries whole seconds; report the expiry the token really has.
      expiresAt.setUTCMilliseconds(0);
      const url = new URL('/my-alerts', origin);
      url.searchParams.set('token', signAlertsLink(secret, companyId, expiresAt));
      return { url: url.toString(), expiresAt: expiresAt.toISOString() };
    },

    /** The public page: no session; the token alone says which company, until when. */
    async readShared(token: string | undefined): Promise<SharedAlerts> {
      const check = verifyAlertsLink(secret, token, clock());
      if (!check.ok) throw check.reason === 'expired' ? linkExpired() : linkInvalid();
      const name = await repo.companyName(check.companyId);
      // A genuine link to a company deleted since then leads nowhere.
      if (name === null) throw linkInvalid();
      const { items } = await repo.list({
        companyId: check.companyId,
        unreadOnly: false,
        limit: SHARED_ALERTS_LIMIT,
        offset: 0,
      });
      return {
        company: { name },
        // The company id stays on the server: the link holder needs only the name.
        alerts: items.map((row) => {
          const { companyId: _kept, ...alert } = toAlert(row);
          return alert;
        }),
        expiresAt: check.expiresAt.toISOString(),
      };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;

import type { NotificationState } from '@pinpoint/contracts';
import { DEMO_ALERTS } from '../areas/alerts';
import { alerts, notifications } from '../kernel/db/schema';
import { DAY_MS, insertChunked, type SeedContext } from '../kernel/demo/seed-context';
import type { SeededCompany } from './companies';

interface NotificationTemplate {
  kind: string;
  title: string;
  body: (company: SeededCompany) => string;
  needsApproval: boolean;
}

const TEMPLATES: NotificationTemplate[] = [
  {
    kind: 'post_approval',
    needsApproval: true,
    title: "Approve next week's Google posts",
    body: (c) => `Three posts for ${c.label} are ready to publish on Monday.`,
  },
  {
    kind: 'ad_copy_approval',
    needsApproval: true,
    title: 'Approve new ad copy',
    body: (c) =>
      `New headlines for the ${c.vertical.keywords[0]} campaign are waiting for your OK.`,
  },
  {
    kind: 'review_reply_approval',
    needsApproval: true,
    title: 'Approve a reply to a 2★ review',
    body: () => 'We drafted a calm, helpful reply. Please check it before it goes live.',
  },
  {
    kind: 'budget_approval',
    needsApproval: true,
    title: 'Approve a budget change',
    body: () => 'Moving $150 a month to the best-performing campaign.',
  },
  {
    kind: 'report_ready',
    needsApproval: false,
    title: 'Your monthly report is ready',
    body: (c) => `See how ${c.label} did last month.`,
  },
  {
    kind: 'listing_live',
    needsApproval: false,
    title: 'Your Apple Maps listing is live',
    body: () => 'Your details now match on Apple Maps.',
  },
  {
    kind: 'scan_done',
    needsApproval: false,
    title: 'New rank grid results',
    body: (c) => `A new grid for "${c.vertical.keywords[0]}" is ready.`,
  },
];

/**
 * Notifications (two pending approvals per company, older decided and informational ones)
 * and alerts (the alert templates, spread over the last two months).
 */
export async function seedInbox(
  ctx: SeedContext,
  companies: SeededCompany[],
  actorFor: (companyId: number) => number | null,
): Promise<{ notifications: number; alerts: number }> {
  const random = ctx.random.fork('inbox');
  const at = (daysAgo: number) =>
    new Date(ctx.anchor.getTime() - daysAgo * DAY_MS - random.int(0, 10 * 60) * 60_000);
  const approvals = TEMPLATES.filter((t) => t.needsApproval);
  const infos = TEMPLATES.filter((t) => !t.needsApproval);

  const notificationRows = companies.flatMap((company) => {
    const pending = random.sample(approvals, 2).map((template) => ({
      template,
      state: 'pending' as NotificationState,
      createdAt: at(random.int(0, 6)),
    }));
    const decided = Array.from({ length: random.int(4, 8) }, () => ({
      template: random.pick(approvals),
      state: (random.chance(0.85) ? 'approved' : 'declined') as NotificationState,
      createdAt: at(random.int(8, 300)),
    }));
    const info = Array.from({ length: random.int(3, 5) }, () => ({
      template: random.pick(infos),
      state: 'info' as NotificationState,
      createdAt: at(random.int(1, 120)),
    }));
    return [...pending, ...decided, ...info].map(({ template, state, createdAt }) => {
      const decidedAt =
        state === 'approved' || state === 'declined'
          ? new Date(createdAt.getTime() + random.int(1, 48) * 3_600_000)
          : null;
      const old = ctx.anchor.getTime() - createdAt.getTime() > 3 * DAY_MS;
      return {
        companyId: company.id,
        kind: template.kind,
        title: template.title,
        body: template.body(company),
        state,
        actedBy: decidedAt ? actorFor(company.id) : null,
        actedAt: decidedAt,
        readAt: old || decidedAt ? (decidedAt ?? createdAt) : null,
        createdAt,
      };
    });
  });
  await insertChunked(notificationRows, (chunk) => ctx.tx.insert(notifications).values(chunk));

  const alertRows = companies.flatMap((company) =>
    random.sample(DEMO_ALERTS, random.int(3, DEMO_ALERTS.length)).map((alert) => {
      const daysAgo = random.int(0, 60);
      return {
        companyId: company.id,
        kind: alert.kind,
        title: alert.title,
        body: alert.body(company.label),
        read: daysAgo > 10 || random.chance(0.3),
        createdAt: at(daysAgo),
      };
    }),
  );
  await insertChunked(alertRows, (chunk) => ctx.tx.insert(alerts).values(chunk));
  return { notifications: notificationRows.length, alerts: alertRows.length };
}

import { solicitationTemplateInputSchema } from '@pinpoint/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { solicitationTemplates } from '../../kernel/db/schema';

/**
 * The agency's default review-request templates, offered to every company (copied, never
 * edited by a client). Each asks every customer the same way (no "if you were happy…":
 * review gating is against Google's policy and the FTC rule) and each SMS says how to stop.
 */
export const DEFAULT_TEMPLATES = [
  {
    name: 'Thank you (short)',
    smsBody:
      'Hi {first_name}, thanks for choosing {business}! Would you take a minute to share your experience? {review_link} Reply STOP to opt out.',
    emailSubject: 'Thanks for choosing {business}',
    emailBody:
      'Hi {first_name},\n\nThank you for choosing {business}. Would you take a minute to tell others about your experience with us? Your honest review helps our small business and helps others decide.\n\n{review_link}\n\nThank you,\nThe team at {business}',
  },
  {
    name: 'Friendly follow-up',
    smsBody:
      '{business}: Hi {first_name}, how did we do? We would appreciate your honest review: {review_link} Reply STOP to opt out.',
    emailSubject: '{first_name}, how did we do?',
    emailBody:
      'Hi {first_name},\n\nWe hope everything went well with your recent visit. We read every review, good or bad, and use it to get better. Could you share your honest feedback?\n\n{review_link}\n\nIt takes about a minute. Thank you for your time!\n\n{business}',
  },
  {
    name: 'Personal note',
    smsBody:
      'Hi {first_name}, it was a pleasure working with you. Reviews from customers like you help {business} a lot: {review_link} Reply STOP to opt out.',
    emailSubject: 'A quick favour from {business}',
    emailBody:
      'Hi {first_name},\n\nIt was a pleasure working with you. Reviews from customers like you help other people find us, and tell us what to keep doing and what to improve.\n\nWould you leave us a review? Just follow this link:\n\n{review_link}\n\nWith thanks,\n{business}',
  },
] as const;

// Every default must pass the same rules a client's template does.
for (const template of DEFAULT_TEMPLATES) solicitationTemplateInputSchema.parse(template);

/**
 * Makes sure every database holds the defaults (called at start-up). Idempotent: a default
 * is found by its name; a lock keeps two processes starting together from both adding it.
 */
export async function ensureDefaultTemplates(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('solicitation-default-templates'))`);
    const existing = await tx
      .select({ name: solicitationTemplates.name })
      .from(solicitationTemplates)
      .where(
        and(isNull(solicitationTemplates.companyId), eq(solicitationTemplates.isDefault, true)),
      );
    const have = new Set(existing.map((row) => row.name));
    const missing = DEFAULT_TEMPLATES.filter((template) => !have.has(template.name));
    if (missing.length === 0) return 0;
    await tx
      .insert(solicitationTemplates)
      .values(missing.map((template) => ({ ...template, companyId: null, isDefault: true })));
    return missing.length;
  });
}

import { LEAD_MERGE_WINDOW_DAYS, type LeadSource } from '@pinpoint/contracts';

const DAY_MS = 86_400_000;
export const MERGE_WINDOW_MS = LEAD_MERGE_WINDOW_DAYS * DAY_MS;

/** One source row as the leads center reads it (lead-sources.ts builds them). */
export interface TouchInput {
  companyId: number;
  source: LeadSource;
  sourceRef: string;
  occurredAt: Date;
  /** E.164 phone, else lower-cased email, else null (contracts `contactKeyOf`). */
  contactKey: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  detail: Record<string, unknown>;
}

/** A contact's latest stored lead, as far as merging needs it. */
export interface LeadState {
  id: number;
  companyId: number;
  contactKey: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  sources: LeadSource[];
  firstSource: LeadSource;
  firstTouchAt: Date;
  lastTouchAt: Date;
  touchCount: number;
}

/** A lead the merge creates or changes; `id` null: new, to be inserted. */
export interface PlannedLead {
  id: number | null;
  companyId: number;
  contactKey: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  sources: LeadSource[];
  firstSource: LeadSource;
  repeat: boolean;
  firstTouchAt: Date;
  lastTouchAt: Date;
  touchCount: number;
}

export interface MergePlan {
  /** New leads (id null) and changed stored ones (id set), each once. */
  leads: PlannedLead[];
  /** Every touch with the index of its lead in `leads`. */
  touches: { touch: TouchInput; lead: number }[];
}

export const contactOf = (companyId: number, contactKey: string) => `${companyId}|${contactKey}`;

/** Oldest first; ties by source and row, so the same rows always merge the same way. */
function byTime(a: TouchInput, b: TouchInput): number {
  return (
    a.occurredAt.getTime() - b.occurredAt.getTime() ||
    a.source.localeCompare(b.source) ||
    a.sourceRef.localeCompare(b.sourceRef)
  );
}

/**
 * The merge rule of the leads center, pure. Touches from the same contact (same company,
 * same key) form one lead while each comes within 30 days of the lead's last touch; a touch
 * after a longer gap starts a new lead marked `repeat` (the contact had an earlier lead: a
 * returning customer, not a new one). A touch without a key is a lead of its own. `latest`
 * holds each contact's latest stored lead (by contactOf), so incremental ingests continue
 * where the last one stopped. A touch older than a stored lead by more than the window (a
 * late sync of history) starts a lead of its own rather than rewriting the story.
 */
export function mergeTouches(
  touches: readonly TouchInput[],
  latest: ReadonlyMap<string, LeadState>,
  windowMs = MERGE_WINDOW_MS,
): MergePlan {
  const leads: PlannedLead[] = [];
  const planned = new Map<string, number>();
  const plan: MergePlan = { leads, touches: [] };
  const current = (key: string): { index: number | null; lead: PlannedLead | LeadState } | null => {
    const index = planned.get(key);
    if (index !== undefined) return { index, lead: leads[index] as PlannedLead };
    const stored = latest.get(key);
    return stored ? { index: null, lead: stored } : null;
  };

  for (const touch of [...touches].sort(byTime)) {
    const at = touch.occurredAt.getTime();
    const key = touch.contactKey === null ? null : contactOf(touch.companyId, touch.contactKey);
    const found = key === null ? null : current(key);
    const lead = found?.lead;
    const joins =
      lead !== undefined &&
      at - lead.lastTouchAt.getTime() <= windowMs &&
      lead.firstTouchAt.getTime() - at <= windowMs;
    if (found && lead && joins) {
      let index = found.index;
      if (index === null) {
        // A stored lead's first change in this run: copy it into the plan.
        index = leads.push({ ...lead, sources: [...lead.sources], repeat: false }) - 1;
        planned.set(key as string, index);
      }
      const next = leads[index] as PlannedLead;
      if (at < next.firstTouchAt.getTime()) {
        next.firstTouchAt = touch.occurredAt;
        next.firstSource = touch.source;
        if (!next.sources.includes(touch.source)) next.sources.unshift(touch.source);
      } else if (!next.sources.includes(touch.source)) {
        next.sources.push(touch.source);
      }
      if (at > next.lastTouchAt.getTime()) next.lastTouchAt = touch.occurredAt;
      next.touchCount++;
      next.name ??= touch.name;
      next.phone ??= touch.phone;
      next.email ??= touch.email;
      plan.touches.push({ touch, lead: index });
      continue;
    }
    const index =
      leads.push({
        id: null,
        companyId: touch.companyId,
        contactKey: touch.contactKey,
        name: touch.name,
        phone: touch.phone,
        email: touch.email,
        sources: [touch.source],
        firstSource: touch.source,
        repeat: lead !== undefined && lead.firstTouchAt.getTime() < at,
        firstTouchAt: touch.occurredAt,
        lastTouchAt: touch.occurredAt,
        touchCount: 1,
      }) - 1;
    // The newest lead is the one later touches join; an old one stays out of the way.
    if (key !== null && (!lead || at > lead.lastTouchAt.getTime())) planned.set(key, index);
    plan.touches.push({ touch, lead: index });
  }
  return plan;
}

import {
  AD_SPEC_FIELD_LABELS,
  type AdSpec,
  type AdSpecChange,
  type AdSpecField,
  type AdSpecResponse,
  type adSpecInputSchema,
  adSpecSchema,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, conflict, notFound } from '../../kernel/lib/app-error';
import type { AdSpecRepository, AdSpecRow } from './ad-spec.repository';

type AdSpecInputParsed = z.output<typeof adSpecInputSchema>;
const FIELDS = Object.keys(AD_SPEC_FIELD_LABELS) as AdSpecField[];

function view(row: AdSpecRow, updatedByName: string | null): AdSpec {
  // Stored JSON is ours, written through the same schema; parse keeps the answer honest.
  return adSpecSchema.parse({
    companyId: row.companyId,
    services: row.services,
    serviceArea: row.serviceArea,
    monthlyBudgetCents: row.monthlyBudgetCents,
    schedule: row.schedule,
    landingPages: row.landingPages,
    callTrackingNumber: row.callTrackingNumber,
    notes: row.notes,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName,
  });
}

/** A field's value as stored and compared (JSON, so arrays and objects compare by content). */
function fieldValue(source: AdSpecRow | AdSpecInputParsed | null, field: AdSpecField): unknown {
  if (!source) return null;
  return (source as Record<AdSpecField, unknown>)[field] ?? null;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const isStaff = (principal: Principal) => principal.perm || principal.admin;

/** Ad specs: readable by the company's people and staff, written by staff, with history. */
export function createAdSpecService(repo: AdSpecRepository) {
  async function read(principal: Principal, companyId: number): Promise<AdSpecResponse> {
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    if (!(await repo.companyExists(companyId))) throw notFound('No such client.');
    const [row, history, hasAdsProduct] = await Promise.all([
      repo.get(companyId),
      repo.history(companyId),
      repo.hasAdsProduct(companyId),
    ]);
    return {
      companyId,
      spec: row ? view(row.spec, row.updatedByName) : null,
      hasAdsProduct,
      canEdit: isStaff(principal),
      history: history.map(
        (h): AdSpecChange => ({
          id: h.id,
          changedAt: h.changedAt.toISOString(),
          changedByName: h.changedByName,
          changes: FIELDS.filter((f) => f in h.changes).map((field) => ({
            field,
            before: h.changes[field]?.before ?? null,
            after: h.changes[field]?.after ?? null,
          })),
        }),
      ),
    };
  }

  return {
    read,

    async save(principal: Principal, companyId: number, input: AdSpecInputParsed) {
      // The route allows staff only; the service checks again, as every one does.
      if (!isStaff(principal) || !canAccessClient(principal, companyId)) throw accessDenied();
      if (!(await repo.companyExists(companyId))) throw notFound('No such client.');
      const expected = input.updatedAt ? new Date(input.updatedAt) : null;
      const outcome = await repo.save(
        companyId,
        expected,
        (current) => {
          const changes: Record<string, { before: unknown; after: unknown }> = {};
          for (const field of FIELDS) {
            const before = fieldValue(current, field);
            const after = fieldValue(input, field);
            if (canonical(before) !== canonical(after)) changes[field] = { before, after };
          }
          return {
            values: {
              services: input.services,
              serviceArea: input.serviceArea,
              monthlyBudgetCents: input.monthlyBudgetCents,
              schedule: input.schedule,
              landingPages: input.landingPages,
              callTrackingNumber: input.callTrackingNumber,
              notes: input.notes,
            },
            changes,
          };
        },
        principal.userId,
      );
      if (outcome === 'stale') {
        throw conflict(
          'Someone changed this ad spec after you opened it. Reload to see their version, then make your change again.',
        );
      }
      return read(principal, companyId);
    },
  };
}

export type AdSpecService = ReturnType<typeof createAdSpecService>;

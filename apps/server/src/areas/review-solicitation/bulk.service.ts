import {
  BULK_PREVIEW_ROWS,
  BULK_PROBLEMS_PAGE_SIZE,
  type BulkBatch,
  type BulkMapping,
  type BulkResult,
  type BulkRowState,
  type bulkConfirmSchema,
  type bulkMappingInputSchema,
  type bulkReportQuerySchema,
  type bulkUploadSchema,
  localDateTimeToInstant,
  type SendType,
  type SolicitationContact,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Principal } from '../../kernel/lib/access-policy';
import { badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import type { BatchRow, BulkRepository } from './bulk.repository';
import { guessMapping, parseCsv } from './bulk-csv';
import { addressesOf, checkRow, classifyRows } from './bulk-validate';
import type { ProductCompany } from './solicitation.repository';
import type { CreateRequestsInput, SolicitationService } from './solicitation.service';
import type { TemplatesService } from './templates.service';

type Upload = z.output<typeof bulkUploadSchema>;
type MappingInput = z.output<typeof bulkMappingInputSchema>;
type Confirm = z.output<typeof bulkConfirmSchema>;
type ReportQuery = z.output<typeof bulkReportQuerySchema>;

/** What a batch keeps in `options` besides the send options. */
interface BatchOptions {
  headers: string[];
  suggestedMapping: BulkMapping;
  sendType?: SendType;
  templateId?: number;
  scheduledFor?: string | null;
  consent?: { at: string; by: number };
  result?: BulkResult;
}

/** ok rows are handed to the sender this many at a time (one transaction each, on its side). */
export const CONFIRM_CHUNK = 500;
const MAX_REFUSALS_SHOWN = 100;
const EMPTY_MAPPING: BulkMapping = {
  firstName: '',
  lastName: null,
  phone: null,
  email: null,
  timeZone: null,
};

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

export interface BulkDeps {
  repo: BulkRepository;
  templates: TemplatesService;
  sender: () => SolicitationService;
}

/** Bulk CSV review requests: nothing is sent before the whole batch is confirmed. */
export function createBulkService({ repo, templates, sender }: BulkDeps) {
  /** The company's batch of this product, or 404 (another company's batch is not found). */
  async function scoped(principal: Principal, productId: number, batchId: number) {
    const company = await templates.scope(principal, productId);
    const batch = await repo.batch(batchId);
    if (!batch || batch.companyId !== company.companyId || batch.productId !== productId) {
      throw notFound('No such upload.');
    }
    return { company, batch };
  }

  function optionsOf(batch: BatchRow): BatchOptions {
    const stored = (batch.options ?? {}) as Partial<BatchOptions>;
    return {
      ...stored,
      headers: stored.headers ?? [],
      suggestedMapping: stored.suggestedMapping ?? EMPTY_MAPPING,
    };
  }

  async function view(batch: BatchRow, query: Partial<ReportQuery> = {}): Promise<BulkBatch> {
    const options = optionsOf(batch);
    const page = query.page ?? 1;
    const [first, counted, problems] = await Promise.all([
      repo.firstRows(batch.id, BULK_PREVIEW_ROWS),
      repo.counts(batch.id),
      repo.problemRows(batch.id, query.state, page, BULK_PROBLEMS_PAGE_SIZE),
    ]);
    const mapping = (batch.mapping as BulkMapping | null) ?? null;
    const shown = mapping
      ? (Object.entries(mapping).filter(([, header]) => header) as Array<[string, string]>)
      : [];
    const n = (state: BulkRowState) => counted.get(state) ?? 0;
    return {
      id: batch.id,
      fileName: batch.fileName,
      status: batch.status as BulkBatch['status'],
      rowCount: batch.rowCount,
      headers: options.headers,
      suggestedMapping: options.suggestedMapping,
      mapping,
      sendType: options.sendType ?? null,
      preview: first.map(({ raw }) => options.headers.map((header) => raw[header] ?? '')),
      counts:
        mapping && n('pending') === 0
          ? {
              ok: n('ok'),
              invalid: n('invalid'),
              duplicate: n('duplicate'),
              'opted-out': n('opted-out'),
              recent: n('recent'),
            }
          : null,
      problems: {
        rows: problems.rows.map((row) => ({
          line: row.line,
          state: row.state as BulkRowState,
          problems: row.problems,
          values: Object.fromEntries(shown.map(([key, header]) => [key, row.raw[header] ?? ''])),
        })),
        page,
        pageSize: BULK_PROBLEMS_PAGE_SIZE,
        total: problems.total,
      },
      result: options.result ?? null,
    };
  }

  function draftOnly(batch: BatchRow) {
    if (batch.status === 'confirmed') throw conflict('This upload was already confirmed and sent.');
    if (batch.status === 'cancelled')
      throw conflict('This upload was cancelled; upload the file again.');
  }

  return {
    async upload(principal: Principal, productId: number, input: Upload): Promise<BulkBatch> {
      const company = await templates.scope(principal, productId);
      const parsed = parseCsv(input.csv);
      const options: BatchOptions = {
        headers: parsed.headers,
        suggestedMapping: guessMapping(parsed.headers),
      };
      const rows = parsed.rows.map(({ line, cells }) => ({
        line,
        raw: Object.fromEntries(parsed.headers.map((header, i) => [header, cells[i] ?? ''])),
      }));
      const batch = await repo.createDraft(
        {
          companyId: company.companyId,
          productId,
          fileName: input.fileName,
          createdBy: principal.userId,
          options: { ...options },
        },
        rows,
      );
      return view(batch);
    },

    async read(principal: Principal, productId: number, batchId: number, query: ReportQuery) {
      const { batch } = await scoped(principal, productId, batchId);
      return view(batch, query);
    },

    async map(principal: Principal, productId: number, batchId: number, input: MappingInput) {
      const { company, batch } = await scoped(principal, productId, batchId);
      draftOnly(batch);
      const options = optionsOf(batch);
      const { mapping, sendType } = input;
      for (const [key, header] of Object.entries(mapping)) {
        if (header && !options.headers.includes(header)) {
          throw field(`body.mapping.${key}`, `The file has no column "${header}".`);
        }
      }
      if (sendType !== 'email' && !mapping.phone) {
        throw field(
          'body.mapping.phone',
          'Choose the column with the phone number (an SMS needs it).',
        );
      }
      if (sendType !== 'sms' && !mapping.email) {
        throw field('body.mapping.email', 'Choose the column with the email (an email needs it).');
      }
      const checked = (await repo.rawRows(batch.id)).map((row) => checkRow(row, mapping, sendType));
      const addresses = [
        ...new Set(checked.flatMap((row) => (row.contact ? addressesOf(row.contact) : []))),
      ];
      const lookups = await repo.lookups(company.companyId, addresses);
      const classified = classifyRows(checked, sendType, lookups, company.timeZone);
      const next = { ...options, sendType };
      await repo.saveChecked(batch.id, mapping, { ...next }, classified);
      return view({ ...batch, mapping: mapping as Record<string, string>, options: { ...next } });
    },

    async confirm(principal: Principal, productId: number, batchId: number, input: Confirm) {
      const { company, batch } = await scoped(principal, productId, batchId);
      draftOnly(batch);
      const options = optionsOf(batch);
      if (!batch.mapping || !options.sendType) {
        throw badRequest('Choose the columns and check the rows before sending.');
      }
      if (input.sendType !== options.sendType) {
        throw field(
          'body.sendType',
          'The rows were checked for another send type; check them again for this one.',
        );
      }
      const template = await templates.usableTemplate(company.companyId, input.templateId);
      if (!template) throw field('body.templateId', 'Choose one of your templates.');
      const scheduledFor = scheduleOf(input.scheduledFor, company);
      const ok = await repo.okRows(batch.id);
      if (ok.length === 0) throw badRequest('No customer in this file can be asked.');
      const confirmed = await repo.confirm(batch.id, {
        ...options,
        templateId: input.templateId,
        scheduledFor: input.scheduledFor,
        consent: { at: new Date().toISOString(), by: principal.userId },
      });
      if (!confirmed) throw conflict('This upload was already confirmed and sent.');
      const result: BulkResult = { created: 0, refused: 0, refusals: [] };
      let answered = false;
      const save = () => repo.saveOptions(batch.id, { ...optionsOf(confirmed), result });
      try {
        for (let start = 0; start < ok.length; start += CONFIRM_CHUNK) {
          const chunk = ok.slice(start, start + CONFIRM_CHUNK);
          const request: CreateRequestsInput = {
            principal,
            companyId: company.companyId,
            productId,
            templateId: input.templateId,
            sendType: input.sendType,
            scheduledFor,
            consentSource: 'csv',
            batchId: batch.id,
            contacts: chunk.map(({ contact }) => toContact(contact)),
          };
          const answer = await sender().createRequests(request);
          answered = true;
          result.created += answer.created.length;
          result.refused += answer.refused.length;
          for (const refusal of answer.refused) {
            if (result.refusals.length >= MAX_REFUSALS_SHOWN) break;
            const line = chunk[refusal.index]?.line ?? 0;
            result.refusals.push({ line, message: refusal.message });
          }
        }
      } catch (error) {
        // Refused before anything was created (no review link yet…): the draft stays usable.
        if (!answered) await repo.reopen(batch.id, { ...options });
        else await save();
        throw error;
      }
      // What was created stays recorded; the batch is never sent again.
      await save();
      const fresh = await repo.batch(batch.id);
      return view(fresh ?? confirmed);
    },

    async cancel(principal: Principal, productId: number, batchId: number) {
      const { batch } = await scoped(principal, productId, batchId);
      draftOnly(batch);
      const cancelled = await repo.cancel(batch.id);
      if (!cancelled) throw conflict('This upload was already confirmed and sent.');
      return view(cancelled);
    },
  };
}
export type BulkService = ReturnType<typeof createBulkService>;

/** The stored contact as the sender takes it (`timeZone` null: the company's). */
function toContact(stored: Record<string, string | null> | null): SolicitationContact {
  const contact: SolicitationContact = {
    firstName: stored?.firstName ?? '',
    lastName: stored?.lastName ?? '',
    phone: stored?.phone ?? null,
    email: stored?.email ?? null,
    timeZone: stored?.timeZone ?? null,
  };
  return contact;
}

/** The form's local date-time in the company's zone; null is now. Not in the past. */
function scheduleOf(local: string | null, company: ProductCompany): Date | null {
  if (!local) return null;
  const at = localDateTimeToInstant(local, company.timeZone);
  if (Number.isNaN(at.getTime())) throw field('body.scheduledFor', 'Choose a valid date and time.');
  if (at.getTime() < Date.now() - 60_000) {
    throw field('body.scheduledFor', 'Choose a time in the future, or send now.');
  }
  return at;
}

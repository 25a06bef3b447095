import {
  gatingPhrase,
  hasStopWording,
  renderTemplate,
  type SolicitationTemplate,
  type SolicitationTemplatePreview,
  smsSegments,
  type solicitationTemplateInputSchema,
  type solicitationTemplatePreviewInputSchema,
  unknownPlaceholders,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, conflict, notFound } from '../../kernel/lib/app-error';
import type { ProductCompany } from './solicitation.repository';
import type { TemplateRow, TemplatesRepository } from './templates.repository';

type TemplateInput = z.output<typeof solicitationTemplateInputSchema>;
type PreviewInput = z.output<typeof solicitationTemplatePreviewInputSchema>;

/**
 * A review link as long as a real one (`/r/` and a 22-character token), so the preview's
 * segment count is what the customer's phone will show.
 */
export const SAMPLE_TOKEN = 'SampleReviewLinkToken0';

export function toTemplate(row: TemplateRow): SolicitationTemplate {
  return {
    id: row.id,
    name: row.name,
    smsBody: row.smsBody,
    emailSubject: row.emailSubject,
    emailBody: row.emailBody,
    isDefault: row.isDefault && row.companyId === null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface TemplatesDeps {
  repo: TemplatesRepository;
  /** The origin of review links (PUBLIC_URL, else this server's address). */
  linkOrigin(): string;
}

/** Review-request templates: the agency defaults and each company's own. */
export function createTemplatesService({ repo, linkOrigin }: TemplatesDeps) {
  /** The product's company, checked again here as every service does. */
  async function scope(principal: Principal, productId: number): Promise<ProductCompany> {
    const company = await repo.productCompany(productId);
    if (!company) throw notFound('No such product.');
    if (!canAccessClient(principal, company.companyId)) throw accessDenied();
    return company;
  }

  async function own(companyId: number, templateId: number): Promise<TemplateRow> {
    const row = await repo.usable(companyId, templateId);
    if (!row) throw notFound('No such template.');
    if (row.companyId === null) {
      throw conflict(
        "The agency's default templates cannot be changed; copy one to make your own.",
      );
    }
    return row;
  }

  return {
    scope,

    /** A template the company may send with (a default or its own, not archived), or null. */
    usableTemplate: (companyId: number, templateId: number) => repo.usable(companyId, templateId),

    async list(principal: Principal, productId: number) {
      const { companyId } = await scope(principal, productId);
      return { templates: (await repo.list(companyId)).map(toTemplate) };
    },

    async create(principal: Principal, productId: number, input: TemplateInput) {
      const { companyId } = await scope(principal, productId);
      return toTemplate(await repo.insert(companyId, input, principal.userId));
    },

    async update(
      principal: Principal,
      productId: number,
      templateId: number,
      input: TemplateInput,
    ) {
      const { companyId } = await scope(principal, productId);
      await own(companyId, templateId);
      const row = await repo.update(companyId, templateId, input);
      if (!row) throw notFound('No such template.');
      return toTemplate(row);
    },

    async archive(principal: Principal, productId: number, templateId: number) {
      const { companyId } = await scope(principal, productId);
      await own(companyId, templateId);
      if (!(await repo.archive(companyId, templateId))) throw notFound('No such template.');
      return { ok: true as const };
    },

    async preview(
      principal: Principal,
      productId: number,
      input: PreviewInput,
    ): Promise<SolicitationTemplatePreview> {
      const company = await scope(principal, productId);
      const values = {
        first_name: input.firstName || 'Jordan',
        last_name: input.lastName || 'Lee',
        business: company.companyName,
        review_link: `${linkOrigin()}/r/${SAMPLE_TOKEN}`,
      };
      const text = renderTemplate(input.smsBody, values);
      const warnings: string[] = [];
      const unknown = new Set(
        [input.smsBody, input.emailSubject, input.emailBody].flatMap(unknownPlaceholders),
      );
      if (unknown.size > 0) {
        warnings.push(
          `Unknown placeholder ${[...unknown].map((n) => `{${n}}`).join(', ')}: it is sent as written.`,
        );
      }
      if (input.smsBody && !input.smsBody.includes('{review_link}')) {
        warnings.push('The SMS has no {review_link}.');
      }
      if (input.emailBody && !input.emailBody.includes('{review_link}')) {
        warnings.push('The email has no {review_link}.');
      }
      if (input.smsBody && !hasStopWording(input.smsBody)) {
        warnings.push('Add "Reply STOP to opt out" so customers know how to stop texts.');
      }
      const gating = gatingPhrase(`${input.smsBody}\n${input.emailSubject}\n${input.emailBody}`);
      if (gating) warnings.push(`Ask every customer the same way: remove "${gating}".`);
      return {
        sms: { text, ...smsSegments(text) },
        email: {
          subject: renderTemplate(input.emailSubject, values),
          text: renderTemplate(input.emailBody, values),
        },
        warnings,
      };
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;

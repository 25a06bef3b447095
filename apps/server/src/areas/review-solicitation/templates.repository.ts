import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { solicitationTemplates } from '../../kernel/db/schema';
import { productWithCompany, usableTemplate, visibleTemplates } from './solicitation.repository';

export type TemplateRow = typeof solicitationTemplates.$inferSelect;
export interface TemplateFields {
  name: string;
  smsBody: string;
  emailSubject: string;
  emailBody: string;
}

/** Drizzle queries of the templates (and the product → company lookup the bulk side shares). */
export function createTemplatesRepository(db: Db) {
  return {
    productCompany: (productId: number) => productWithCompany(db, productId),

    /** Defaults first, then the company's own, newest first. */
    async list(companyId: number): Promise<TemplateRow[]> {
      return db
        .select()
        .from(solicitationTemplates)
        .where(visibleTemplates(companyId))
        .orderBy(
          desc(solicitationTemplates.isDefault),
          desc(solicitationTemplates.updatedAt),
          asc(solicitationTemplates.id),
        );
    },

    /** A template the company may use (a default or its own, not archived), or null. */
    usable: (companyId: number, templateId: number): Promise<TemplateRow | null> =>
      usableTemplate(db, templateId, companyId),

    async insert(companyId: number, fields: TemplateFields, userId: number): Promise<TemplateRow> {
      const [row] = await db
        .insert(solicitationTemplates)
        .values({ ...fields, companyId, isDefault: false, createdBy: userId })
        .returning();
      if (!row) throw new Error('insert returned no template');
      return row;
    },

    /** Only the company's own live template changes; null when there is none such. */
    async update(
      companyId: number,
      templateId: number,
      fields: TemplateFields,
    ): Promise<TemplateRow | null> {
      const [row] = await db
        .update(solicitationTemplates)
        .set({ ...fields, updatedAt: new Date() })
        .where(
          and(
            eq(solicitationTemplates.id, templateId),
            eq(solicitationTemplates.companyId, companyId),
            isNull(solicitationTemplates.archivedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    async archive(companyId: number, templateId: number): Promise<boolean> {
      const rows = await db
        .update(solicitationTemplates)
        .set({ archivedAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(solicitationTemplates.id, templateId),
            eq(solicitationTemplates.companyId, companyId),
            isNull(solicitationTemplates.archivedAt),
          ),
        )
        .returning({ id: solicitationTemplates.id });
      return rows.length > 0;
    },
  };
}
export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;

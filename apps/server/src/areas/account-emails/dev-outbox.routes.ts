import {
  type DevOutboxRow,
  devOutboxIdParamsSchema,
  devOutboxListQuerySchema,
  devOutboxListSchema,
  devOutboxMessageSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { Principal } from '../../kernel/lib/access-policy';
import { notFound } from '../../kernel/lib/app-error';
import { createDevOutboxRepository, type DevOutboxRow as Row } from './dev-outbox.repository';

/**
 * Which outbox rows a staff member reads. Admins: all. Employees: rows of the companies
 * assigned to them — review requests, and the invitations of those companies' users (they
 * may invite them anyway). Rows with no company (password resets, anyone's) carry a live
 * credential for someone's account, so only admins read them.
 */
function visibleCompanies(principal: Principal): number[] | null {
  return principal.admin ? null : principal.assignedTo;
}

function canSee(principal: Principal, row: Row): boolean {
  const companies = visibleCompanies(principal);
  return companies === null || (row.companyId !== null && companies.includes(row.companyId));
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 160);
}

function toRow(row: Row): DevOutboxRow {
  return {
    id: row.id,
    channel: row.channel,
    purpose: row.purpose,
    company_id: row.companyId,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    summary: row.subject ?? firstLine(row.text),
    created_at: row.createdAt.toISOString(),
    sent: false,
  };
}

/** SPEC-less staff tool (issue 20): the messages kept instead of sent, clearly not sent. */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createDevOutboxRepository(app.database.db);

  app.route({
    method: 'GET',
    url: '/api/uni/system/outbox',
    config: { access: 'employee' },
    schema: {
      tags: ['system'],
      summary:
        'The dev outbox: emails and texts kept, NOT sent, newest first (employees: their companies)',
      querystring: devOutboxListQuerySchema,
      response: { 200: devOutboxListSchema },
    },
    handler: async (request) => {
      const { page, pageSize, channel, purpose, q } = request.query;
      const found = await repo.list(
        { companyIds: visibleCompanies(requirePrincipal(request)), channel, purpose, q },
        page,
        pageSize,
      );
      return {
        items: found.items.map(toRow),
        total: found.total,
        page,
        pageSize,
        purposes: found.purposes,
        sent: false as const,
      };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/uni/system/outbox/:id',
    config: { access: 'employee' },
    schema: {
      tags: ['system'],
      summary: 'One message of the dev outbox, both parts (NOT sent)',
      params: devOutboxIdParamsSchema,
      response: { 200: devOutboxMessageSchema },
    },
    handler: async (request, reply) => {
      const row = await repo.find(request.params.id);
      // A row the caller may not read is "not found", like one that does not exist.
      if (!row || !canSee(requirePrincipal(request), row)) throw notFound('No such message.');
      // It may hold a live activation or reset link: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return { ...toRow(row), text: row.text, html: row.html, headers: row.headers };
    },
  });
};

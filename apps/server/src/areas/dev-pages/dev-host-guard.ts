import { isDevHost } from '@pinpoint/contracts';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../kernel/lib/access-policy';
import { notFound } from '../../kernel/lib/app-error';

/**
 * The dev-only pages exist on dev hosts only (DECISIONS.md "Hosts"): elsewhere their API is
 * not found, like the pages. Registered as a preValidation hook, so it runs after the
 * access guard (an onRequest hook): callers the rules refuse are still refused (401/403)
 * on any host, and only callers who may use the route learn it does not exist here.
 */
export async function devHostOnly(request: FastifyRequest): Promise<void> {
  if (!isDevHost(request.hostname)) throw notFound();
}

/** The companies a staff member's dev pages cover: all for an admin (null), else assigned. */
export function staffCompanies(principal: Principal): number[] | null {
  return principal.admin ? null : principal.assignedTo;
}

export function seesCompany(principal: Principal, companyId: number): boolean {
  const companies = staffCompanies(principal);
  return companies === null || companies.includes(companyId);
}

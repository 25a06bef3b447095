import type { Lead, leadCreateSchema } from '@pinpoint/contracts';
import type { z } from 'zod';
import type { LeadRow, LeadsRepository } from './leads.repository';

function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    company: row.company,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    alt_phone_number: row.altPhoneNumber,
    street_address: row.streetAddress,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    web_address: row.webAddress,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Sales prospects that staff enter (SPEC §3 lead creation payload). They share the
 * `leads` table with trial sign-ups; a prospect has no user (`user_id` null) until it
 * signs up itself.
 */
export function createLeadsService(repo: LeadsRepository) {
  return {
    async create(input: z.output<typeof leadCreateSchema>): Promise<Lead> {
      const row = await repo.insert({
        company: input.company,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phoneNumber: input.phone_number ?? null,
        altPhoneNumber: input.alt_phone_number ?? null,
        streetAddress: input.street_address ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        zip: input.zip ?? null,
        country: input.country ?? null,
        webAddress: input.web_address ?? null,
      });
      return toLead(row);
    },
  };
}

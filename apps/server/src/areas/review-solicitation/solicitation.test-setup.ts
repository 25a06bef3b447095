import type { SolicitationContactInput } from '@pinpoint/contracts';
import { solicitationContactSchema } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  clientMembers,
  productInstances,
  solicitationMessages,
  solicitationRequests,
  solicitationTemplates,
  users,
  vendorConnections,
} from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { nextSerial } from '../../test/serial';
import type { CreateRequestsInput } from './solicitation.service';

/** A customer as a test writes one (the schema normalises it). */
export type ContactInput = Partial<SolicitationContactInput> & { firstName: string };

export interface SolicitationFixture {
  companyId: number;
  productId: number;
  templateId: number;
  connectionId: number;
  userId: number;
  principal: Principal;
  /** createRequests' input for these contacts (email by default, sent now). */
  input(contacts: ContactInput[], overrides?: Partial<CreateRequestsInput>): CreateRequestsInput;
}

/** A company in America/Chicago with a Google place id, a product, a client and a template. */
export function solicitationFixture(app: FastifyInstance): Promise<SolicitationFixture> {
  return solicitationFixtureOn(app.database.db, 'America/Chicago', (secret) =>
    app.vendorSync.secrets.seal(secret),
  );
}

/** The same on a bare database (a test that runs the server in another process). */
export async function solicitationFixtureOn(
  db: Db,
  timeZone: string,
  seal: (secret: string) => string = () => 'unused',
): Promise<SolicitationFixture> {
  const serial = nextSerial(db);
  const tag = `sol-${serial}-${Date.now()}`;
  const [company] = await db
    .insert(clientCompanies)
    .values({
      name: `Lone Star Plumbing ${serial}`,
      label: tag,
      googlePlaceId: `ChIJ-${tag}`,
      timeZone,
    })
    .returning();
  const companyId = company?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId,
      vendor: 'google-business-profile',
      externalAccount: `accounts/1/locations/${serial}`,
      secretsSealed: seal(JSON.stringify({ accessToken: 't' })),
    })
    .returning();
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId,
      productSlug: 'google-business-pro',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 29_900,
      vendorConnectionId: connection?.id ?? null,
    })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ email: `client-${tag}@s.test`, firstName: 'Cara', lastName: 'Client' })
    .returning();
  const userId = user?.id ?? 0;
  await db.insert(clientMembers).values({ userId, companyId });
  const [template] = await db
    .insert(solicitationTemplates)
    .values({
      companyId,
      name: 'Thanks',
      smsBody: 'Hi {first_name}, thanks for choosing {business}! Review us: {review_link}',
      emailSubject: 'How did {business} do, {first_name}?',
      emailBody:
        'Hi {first_name},\n\nThanks for choosing {business}. Would you leave us a review?\n\n{review_link}',
    })
    .returning();
  const principal: Principal = {
    userId,
    perm: false,
    admin: false,
    lead: false,
    memberOf: [companyId],
    assignedTo: [],
  };
  const productId = product?.id ?? 0;
  const templateId = template?.id ?? 0;
  return {
    companyId,
    productId,
    templateId,
    connectionId: connection?.id ?? 0,
    userId,
    principal,
    input: (contacts, overrides = {}) => ({
      principal,
      companyId,
      productId,
      templateId,
      sendType: 'email',
      scheduledFor: null,
      consentSource: 'form',
      contacts: contacts.map((c) => solicitationContactSchema.parse(c)),
      ...overrides,
    }),
  };
}

export async function messagesOf(app: FastifyInstance, requestId: number) {
  return app.database.db
    .select()
    .from(solicitationMessages)
    .where(eq(solicitationMessages.requestId, requestId));
}

export async function requestRow(app: FastifyInstance, requestId: number) {
  const [row] = await app.database.db
    .select()
    .from(solicitationRequests)
    .where(eq(solicitationRequests.id, requestId));
  return row;
}

/** An instant at a wall-clock time in Chicago (winter: UTC−6), for sending-hours tests. */
export const chicago = (local: string) => new Date(`${local}:00-06:00`);

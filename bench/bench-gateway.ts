import type { FastifyInstance } from 'fastify';
import {
  clientCompanies,
  clientMembers,
  productInstances,
  users,
  vendorConnections,
} from '../apps/server/src/kernel/db/schema';

export function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
}

export interface BenchCompany {
  companyId: number;
  connectionId: number;
  productId: number;
  cookie: string;
}

/**
 * A company with one connected vendor account, a product reading it and a signed-in member:
 * what a list bench reads through the gateway.
 */
export async function benchCompany(
  app: FastifyInstance,
  options: { name: string; account: string; vendor?: string; productSlug?: string; token?: string },
): Promise<BenchCompany> {
  const db = app.database.db;
  const { name, account } = options;
  const [row] = await db.insert(clientCompanies).values({ name, label: name }).returning();
  const companyId = row?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId,
      vendor: options.vendor ?? 'google-business-profile',
      externalAccount: account,
      secretsSealed: options.token
        ? app.vendorSync.secrets.seal(JSON.stringify({ accessToken: options.token }))
        : null,
    })
    .returning();
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId,
      productSlug: options.productSlug ?? 'google-business-pro',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 29_900,
      vendorConnectionId: connection?.id ?? null,
    })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${companyId}@pinpoint.bench`, firstName: 'Bench', lastName: 'Client' })
    .returning();
  await db.insert(clientMembers).values({ userId: user?.id ?? 0, companyId });
  const { token } = await app.sessionService.create({
    userId: user?.id ?? 0,
    authType: 'password',
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  return {
    companyId,
    connectionId: connection?.id ?? 0,
    productId: product?.id ?? 0,
    cookie: `${app.sessionCookie.name}=${token}`,
  };
}

/** p95 of `count` sequential gateway calls to `url` (the way the web app calls the API). */
export async function gatewayP95(
  app: FastifyInstance,
  cookie: string,
  url: (i: number) => string,
  count = 400,
): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie, origin: 'http://localhost' },
      payload: { method: 'GET', url: url(i) },
    });
    if (res.statusCode !== 200) throw new Error(`${url(i)} → ${res.statusCode} ${res.body}`);
    if (i >= 20) samples.push(performance.now() - started); // the first 20 warm up
  }
  return p95(samples);
}

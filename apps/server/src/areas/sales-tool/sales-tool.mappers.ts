import {
  type SalesContainer,
  type SalesGrid,
  type SalesRecommendation,
  salesListingsSchema,
  salesPageSpeedSchema,
  salesRecommendationKindSchema,
  salesStageSchema,
  scanMetricsSchema,
  scanStatusSchema,
} from '@pinpoint/contracts';
import type { gridScans } from '../../kernel/db/schema';
import type { ProspectGrid } from './sales-analysis';
import type { ContainerWithCompany, RecommendationRow } from './sales-tool.repository';

type ScanRow = typeof gridScans.$inferSelect;

/** The address on one line, as the places search showed it. */
function addressOf(company: ContainerWithCompany['company']): string | null {
  const parts = [company.addressLine1, company.city, company.state].filter(
    (part): part is string => !!part?.trim(),
  );
  // The places search stores the whole formatted address in line 1: no repeats.
  const line = parts.filter((part, i) => i === 0 || !parts[0]?.includes(part)).join(', ');
  return line || null;
}

export function toContainer({
  container,
  company,
  ownerName,
}: ContainerWithCompany): SalesContainer {
  const listings = salesListingsSchema.safeParse(container.listings);
  const pageSpeed = salesPageSpeedSchema.safeParse(container.pageSpeed);
  return {
    id: container.id,
    companyId: container.companyId,
    name: container.name,
    stage: salesStageSchema.catch('prospecting').parse(container.stage),
    ownerId: container.ownerId,
    ownerName,
    placeId: company.placeId,
    address: addressOf(company),
    phone: company.phone,
    website: company.website,
    category: company.category,
    lat: company.lat ?? 0,
    lng: company.lng ?? 0,
    keywords: container.keywords,
    grid: {
      size: container.gridSize,
      radius: container.gridRadius,
      unit: container.gridUnit === 'km' ? 'km' : 'mi',
    },
    notes: container.notes,
    rating: container.rating,
    reviewCount: container.reviewCount,
    listings: listings.success ? listings.data : null,
    pageSpeed: pageSpeed.success ? pageSpeed.data : null,
    createdAt: container.createdAt.toISOString(),
    updatedAt: container.updatedAt.toISOString(),
    convertedAt: container.convertedAt?.toISOString() ?? null,
  };
}

export function gridOfScan(scan: ScanRow, runId: number | null): SalesGrid {
  const metrics = scanMetricsSchema.safeParse(scan.metrics);
  return {
    scanId: scan.id,
    runId,
    keyword: scan.keyword,
    size: scan.size,
    radius: scan.radius,
    unit: scan.unit === 'km' ? 'km' : 'mi',
    status: scanStatusSchema.catch('failed').parse(scan.status),
    pointsDone: scan.pointsDone,
    pointsTotal: scan.pointsTotal,
    createdAt: scan.createdAt.toISOString(),
    finishedAt: scan.finishedAt?.toISOString() ?? null,
    metrics: metrics.success ? metrics.data : null,
  };
}

export function gridOfProspect(grid: ProspectGrid, runId: number | null): SalesGrid {
  return {
    scanId: grid.scanId,
    runId,
    keyword: grid.keyword,
    size: grid.size,
    radius: grid.radius,
    unit: grid.unit,
    status: grid.status,
    pointsDone: grid.pointsDone,
    pointsTotal: grid.pointsTotal,
    createdAt: grid.createdAt.toISOString(),
    finishedAt: grid.finishedAt?.toISOString() ?? null,
    metrics: grid.metrics,
  };
}

export function toRecommendation(row: RecommendationRow): SalesRecommendation {
  const evidence = Array.isArray(row.evidence)
    ? row.evidence.filter((item): item is string => typeof item === 'string')
    : [];
  return {
    id: row.id,
    containerId: row.containerId,
    position: row.position,
    kind: salesRecommendationKindSchema.catch('weak-area').parse(row.kind),
    title: row.title,
    body: row.body,
    evidence,
    edited: row.edited,
    updatedAt: row.updatedAt.toISOString(),
  };
}

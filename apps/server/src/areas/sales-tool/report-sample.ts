import {
  type AgencyBrand,
  computeScanMetrics,
  type SalesCompetitor,
  type SalesReport,
  type SalesReportGrid,
} from '@pinpoint/contracts';

/**
 * A full-size prospect report made up in memory (benchmarks and the PDF's layout tests):
 * `keywords` grids of size × size with ranks that worsen away from the centre, ten
 * competitors, 30 directories and six recommendations. Deterministic: no clock, no random.
 */
export function sampleProspectReport(
  options: { size?: number; keywords?: number; brand?: Partial<AgencyBrand> } = {},
): SalesReport {
  const size = options.size ?? 13;
  const keywordNames = [
    'plumber',
    'emergency plumber',
    'water heater repair',
    'drain cleaning',
    'sewer line repair',
  ];
  const grids: SalesReportGrid[] = Array.from({ length: options.keywords ?? 5 }, (_, k) => {
    const ranks = Array.from({ length: size * size }, (_, index) => {
      const half = (size - 1) / 2;
      const distance = Math.hypot(Math.floor(index / size) - half, (index % size) - half);
      // Strong near the business, fading outward, a little worse for each later keyword.
      const rank = Math.round(1 + distance * (1.6 + k * 0.5) + ((index * 7 + k) % 3));
      return rank > 20 ? null : rank;
    });
    const metrics = computeScanMetrics(
      ranks.map((rank, index) =>
        rank === null
          ? { index, state: 'not_found' as const, rank: null }
          : { index, state: 'found' as const, rank },
      ),
    );
    return {
      keyword: keywordNames[k % keywordNames.length] ?? `keyword ${k + 1}`,
      size,
      radius: 5,
      unit: 'mi',
      finishedAt: '2025-03-01T12:05:00.000Z',
      metrics,
      ranks,
      leaders: competitors().slice(k % 3, (k % 3) + 8),
    };
  });
  return {
    brand: {
      name: 'Bayside Marketing',
      logoUrl: null,
      primaryColor: '#1f5fbf',
      accentColor: '#f08c00',
      email: 'hello@bayside.example',
      phone: '+1 512 555 0100',
      ...options.brand,
    },
    business: {
      name: 'Riverside Plumbing & Drain',
      address: '1200 Congress Ave, Austin, TX 78701',
      website: 'https://riverside-plumbing.example',
      category: 'Plumber',
      rating: 4.3,
      reviewCount: 128,
    },
    preparedBy: 'Erin Employee',
    generatedAt: '2025-03-02T09:00:00.000Z',
    expiresAt: '2025-03-16T09:00:00.000Z',
    grids,
    competitors: competitors(),
    listings: {
      score: 62,
      scannedAt: '2025-03-01T10:00:00.000Z',
      directories: Array.from({ length: 30 }, (_, i) => ({
        directory: `dir-${i}`,
        name: `Directory ${i + 1}`,
        status: i % 5 === 0 ? 'missing' : i % 4 === 0 ? 'mismatch' : 'found',
        issues: i % 4 === 0 && i % 5 !== 0 ? ['phone', 'address'] : [],
      })),
    },
    pageSpeed: {
      url: 'https://riverside-plumbing.example',
      measuredAt: '2025-03-01T10:00:00.000Z',
      strategy: 'mobile',
      performance: 48,
      accessibility: 91,
      bestPractices: 83,
      seo: 77,
    },
    recommendations: Array.from({ length: 6 }, (_, i) => ({
      kind: 'weak-area' as const,
      title: `Win the map pack to the south-east (${i + 1})`,
      body:
        'Ranks 1–3 only within 1 mile of the shop; Austin Pipe Pros and Lone Star Rooter hold ' +
        'the south-east at 31 of 49 points. Publish a service-area post for the south-east ' +
        'neighbourhoods every week and start Local Services Ads there.',
      evidence: ['ranks 1–3 at 4 of 49 points', 'Austin Pipe Pros in the top 3 at 31 points'],
    })),
    pdfUrl: 'http://localhost/api/public/prospect-report.pdf?token=sample',
  };
}

function competitors(): SalesCompetitor[] {
  const names = [
    'Austin Pipe Pros',
    'Lone Star Rooter',
    'Capital City Plumbing',
    'Hill Country Drains',
    'Barton Creek Plumbing Co.',
    'Pflugerville Plumbing',
    'Round Rock Rooter',
    'Eastside Water Heaters',
    'Mopac Mechanical',
    'Zilker Plumbing Services',
  ];
  const areas = ['south-east', 'north', 'west', 'south', 'north-east'];
  return names.map((name, i) => ({
    name,
    placeId: `place-${i}`,
    top3Points: 80 - i * 7,
    points: 300 - i * 20,
    averageRank: 2.5 + i * 0.8,
    strongestArea: areas[i % areas.length] ?? null,
  }));
}

import { describe, expect, it } from 'vitest';
import { draftDemoSalesRecommendations } from './demo-sales-drafter';
import type { SalesRecommendationPrompt } from './port';

const PROSPECT: SalesRecommendationPrompt = {
  businessName: 'Peer Plumbing',
  category: 'Plumber',
  rating: 4.7,
  reviewCount: 240,
  grids: [
    {
      keyword: 'plumber',
      size: 7,
      radius: 3,
      unit: 'mi',
      points: 49,
      top3Points: 4,
      foundPoints: 30,
      atrp: 9.4,
      solv: 8.2,
      areas: [
        { area: 'centre', points: 1, top3: 1, found: 1 },
        { area: 'north', points: 8, top3: 3, found: 8 },
        { area: 'south-east', points: 6, top3: 0, found: 1 },
        { area: 'west', points: 6, top3: 0, found: 4 },
      ],
      top3Within: 1,
      leaders: [
        { name: 'Acme Plumbing', top3Points: 30, strongestArea: 'south-east' },
        { name: 'Best Drains', top3Points: 22, strongestArea: 'west' },
      ],
    },
    {
      keyword: 'drain cleaning',
      size: 7,
      radius: 3,
      unit: 'mi',
      points: 49,
      top3Points: 35,
      foundPoints: 49,
      atrp: 2.2,
      solv: 71.4,
      areas: [],
      top3Within: 3,
      leaders: [],
    },
  ],
  competitors: [
    {
      name: 'Acme Plumbing',
      top3Points: 41,
      points: 90,
      averageRank: 2.4,
      strongestArea: 'south-east',
    },
  ],
  listings: {
    score: 62,
    directories: 21,
    missing: ['Yelp', 'Angi'],
    mismatched: [{ name: 'Bing Places', issues: ['phone'] }],
  },
  pageSpeed: {
    url: 'https://peer.example/',
    strategy: 'mobile',
    performance: 41,
    accessibility: 88,
    bestPractices: 92,
    seo: 85,
  },
};

describe('the demo drafter of prospect recommendations', () => {
  it('ranks the measured gaps and quotes the measured numbers', () => {
    const drafts = draftDemoSalesRecommendations(PROSPECT);
    expect(drafts.map((d) => d.kind)).toEqual([
      'weak-area',
      'competitor',
      'listings',
      'page-speed',
      'keyword',
    ]);
    const [weak] = drafts;
    expect(weak?.title).toBe('Win the south-east for “plumber”');
    expect(weak?.body).toContain(
      'ranks 1–3 at only 4 of 49 points for “plumber”, all within 1 mi of the centre, mostly to the north; Acme Plumbing holds the south-east',
    );
    expect(weak?.evidence).toContain('Ranks 1–3 at 4 of 49 points for “plumber”');
    expect(drafts[2]?.evidence).toEqual([
      'Listings score 62 of 100 over 21 directories',
      'Not listed on 2: Yelp, Angi',
      'Bing Places shows a different phone',
    ]);
    expect(drafts[4]?.evidence[0]).toBe(
      'Average rank 2.2 for “drain cleaning” (top 3 at 35 of 49)',
    );
    // Deterministic: the same data, the same list.
    expect(draftDemoSalesRecommendations(PROSPECT)).toEqual(drafts);
  });

  it('drafts nothing it has no measurement for', () => {
    const drafts = draftDemoSalesRecommendations({
      ...PROSPECT,
      rating: null,
      reviewCount: null,
      grids: [],
      competitors: [],
      listings: null,
      pageSpeed: null,
    });
    expect(drafts).toEqual([]);
  });
});

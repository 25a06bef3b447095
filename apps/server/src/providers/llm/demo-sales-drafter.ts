import {
  type DraftedSalesRecommendation,
  MAX_SALES_RECOMMENDATIONS,
  type SalesGridFacts,
  type SalesRecommendationPrompt,
} from './port';

/**
 * The demo drafter of prospect recommendations: fixed rules over the measured data, so the
 * same measurements always give the same list. Every sentence quotes a number that was
 * measured; nothing is guessed. Ordered by how much each gap costs the prospect: local pack
 * coverage first, then the competitor that holds it, listings, reviews, the site, keywords.
 */

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const quote = (keyword: string) => `“${keyword}”`;

/** Areas of a grid other than the centre, weakest first (fewest top-3, then fewest found). */
function weakAreas(grid: SalesGridFacts) {
  return grid.areas
    .filter((a) => a.area !== 'centre' && a.points > 0)
    .sort((a, b) => a.top3 / a.points - b.top3 / b.points || a.found - b.found);
}

/** Where the prospect's top-3 points lie: the area holding most of them. */
function strongestArea(grid: SalesGridFacts): string | null {
  const held = grid.areas.filter((a) => a.top3 > 0).sort((a, b) => b.top3 - a.top3);
  return held[0]?.area ?? null;
}

function weakAreaRecommendation(
  grid: SalesGridFacts,
  businessName: string,
): DraftedSalesRecommendation | null {
  if (grid.points === 0) return null;
  const share = grid.top3Points / grid.points;
  if (share >= 0.6) return null;
  // Nowhere in the pack: aim where the strongest rival is; otherwise at the weakest area.
  const target =
    grid.top3Points === 0
      ? (grid.leaders[0]?.strongestArea ?? null)
      : (weakAreas(grid)[0]?.area ?? null);
  const strong = strongestArea(grid);
  const leader = grid.leaders.find((l) => l.strongestArea === target) ?? grid.leaders[0];
  const evidence = [
    `Ranks 1–3 at ${grid.top3Points} of ${grid.points} points for ${quote(grid.keyword)}`,
  ];
  let where = '';
  if (grid.top3Points > 0 && grid.top3Within !== null && strong) {
    where = `, all within ${fmt(grid.top3Within)} ${grid.unit} of the centre, mostly to the ${strong}`;
    evidence.push(
      `Top-3 points lie within ${fmt(grid.top3Within)} ${grid.unit} of the centre (mostly ${strong})`,
    );
  } else if (grid.top3Points === 0) {
    where = ', nowhere in the local pack';
  }
  if (grid.atrp !== null) evidence.push(`Average rank ${fmt(grid.atrp)} (not found counts as 21)`);
  if (target) {
    const area = grid.areas.find((a) => a.area === target);
    if (area) evidence.push(`In the ${target}: top 3 at ${area.top3} of ${area.points} points`);
  }
  if (leader) {
    evidence.push(
      `${leader.name} ranks 1–3 at ${leader.top3Points} points${leader.strongestArea ? `, strongest in the ${leader.strongestArea}` : ''}`,
    );
  }
  const holds = leader
    ? `; ${leader.name} holds ${leader.strongestArea ? `the ${leader.strongestArea}` : 'the local pack'}`
    : '';
  return {
    kind: 'weak-area',
    title: target
      ? `Win the ${target} for ${quote(grid.keyword)}`
      : `Reach the local pack for ${quote(grid.keyword)}`,
    body:
      `${businessName} ranks 1–3 at only ${grid.top3Points} of ${grid.points} points for ${quote(grid.keyword)}${where}${holds}. ` +
      (target
        ? `A service-area post and a Local Services Ads campaign aimed at the ${target}, plus a page naming the neighbourhoods there, would extend its reach where it is weakest.`
        : 'Posts and a Local Services Ads campaign aimed at the whole area would bring it into the local pack.'),
    evidence,
  };
}

function competitorRecommendation(
  input: SalesRecommendationPrompt,
): DraftedSalesRecommendation | null {
  const [top] = input.competitors;
  if (!top || top.top3Points === 0) return null;
  const own = input.grids.reduce((sum, g) => sum + g.top3Points, 0);
  const points = input.grids.reduce((sum, g) => sum + g.points, 0);
  if (top.top3Points <= own) return null;
  const second = input.competitors[1];
  const evidence = [
    `${top.name} ranks 1–3 at ${top.top3Points} points across the grids; ${input.businessName} at ${own} of ${points}`,
  ];
  if (top.averageRank !== null)
    evidence.push(`${top.name} averages rank ${fmt(top.averageRank)} where it appears`);
  if (second && second.top3Points > 0)
    evidence.push(`${second.name} ranks 1–3 at ${second.top3Points} points`);
  return {
    kind: 'competitor',
    title: `Close the gap on ${top.name}`,
    body:
      `${top.name} takes the local pack ${top.top3Points} times where ${input.businessName} takes it ${own} times` +
      `${top.strongestArea ? `, and is strongest in the ${top.strongestArea}` : ''}. ` +
      'Match its profile where it wins: the same primary and secondary categories, weekly posts, photos of recent jobs and a steady flow of new reviews.',
    evidence,
  };
}

function listingsRecommendation(
  input: SalesRecommendationPrompt,
): DraftedSalesRecommendation | null {
  const listings = input.listings;
  if (!listings || listings.score >= 90) return null;
  const evidence = [
    `Listings score ${listings.score} of 100 over ${listings.directories} directories`,
  ];
  if (listings.missing.length > 0)
    evidence.push(
      `Not listed on ${listings.missing.length}: ${listings.missing.slice(0, 5).join(', ')}`,
    );
  for (const wrong of listings.mismatched.slice(0, 3))
    evidence.push(`${wrong.name} shows a different ${wrong.issues.join(', ')}`);
  return {
    kind: 'listings',
    title: 'Fix the business listings',
    body:
      `Only ${listings.score}% of the directories checked list ${input.businessName} with matching details: ` +
      `${listings.missing.length} do not list it and ${listings.mismatched.length} show other details. ` +
      'Consistent name, address and phone everywhere is a local ranking signal; a listings product fixes and keeps them in sync.',
    evidence,
  };
}

function reviewsRecommendation(
  input: SalesRecommendationPrompt,
): DraftedSalesRecommendation | null {
  const { rating, reviewCount } = input;
  if (rating === null && reviewCount === null) return null;
  const few = reviewCount !== null && reviewCount < 100;
  const low = rating !== null && rating < 4.5;
  if (!few && !low) return null;
  const evidence: string[] = [];
  if (rating !== null) evidence.push(`Rating ${fmt(rating)} of 5`);
  if (reviewCount !== null) evidence.push(`${reviewCount} reviews on Google`);
  return {
    kind: 'reviews',
    title: low ? 'Lift the rating with more reviews' : 'Grow the number of reviews',
    body:
      `${input.businessName} shows ${reviewCount ?? 'an unknown number of'} reviews` +
      `${rating !== null ? ` at ${fmt(rating)} stars` : ''}. ` +
      'Asking every customer for a review by text after the job, and answering each review, raises both the count and the rating that searchers compare.',
    evidence,
  };
}

function pageSpeedRecommendation(
  input: SalesRecommendationPrompt,
): DraftedSalesRecommendation | null {
  const speed = input.pageSpeed;
  if (!speed || (speed.performance >= 80 && speed.seo >= 90)) return null;
  return {
    kind: 'page-speed',
    title: speed.performance < 80 ? 'Speed up the website' : 'Fix the website’s SEO basics',
    body:
      `The site scores ${speed.performance}/100 for performance and ${speed.seo}/100 for SEO on ${speed.strategy}. ` +
      'A faster page with the trade and the towns served in its title and headings turns more map visitors into calls.',
    evidence: [
      `${speed.strategy === 'mobile' ? 'Mobile' : 'Desktop'} performance ${speed.performance}/100`,
      `SEO ${speed.seo}/100, accessibility ${speed.accessibility}/100, best practices ${speed.bestPractices}/100`,
    ],
  };
}

function keywordRecommendation(
  input: SalesRecommendationPrompt,
): DraftedSalesRecommendation | null {
  const measured = input.grids.filter((g) => g.atrp !== null && g.points > 0);
  if (measured.length < 2) return null;
  const sorted = [...measured].sort((a, b) => (a.atrp ?? 21) - (b.atrp ?? 21));
  const best = sorted[0];
  const worst = sorted[sorted.length - 1];
  if (!best || !worst || (worst.atrp ?? 0) - (best.atrp ?? 0) < 3) return null;
  return {
    kind: 'keyword',
    title: `Build up ${quote(worst.keyword)}`,
    body:
      `${input.businessName} averages rank ${fmt(best.atrp ?? 0)} for ${quote(best.keyword)} but ${fmt(worst.atrp ?? 0)} for ${quote(worst.keyword)}. ` +
      `A service page and regular posts about ${worst.keyword}, and the matching secondary category, carry the strength of the first keyword over.`,
    evidence: [
      `Average rank ${fmt(best.atrp ?? 0)} for ${quote(best.keyword)} (top 3 at ${best.top3Points} of ${best.points})`,
      `Average rank ${fmt(worst.atrp ?? 0)} for ${quote(worst.keyword)} (top 3 at ${worst.top3Points} of ${worst.points})`,
    ],
  };
}

export function draftDemoSalesRecommendations(
  input: SalesRecommendationPrompt,
): DraftedSalesRecommendation[] {
  const drafts: (DraftedSalesRecommendation | null)[] = [
    // The weakest keywords first: the lowest share of top-3 points.
    ...[...input.grids]
      .sort((a, b) => a.top3Points / Math.max(1, a.points) - b.top3Points / Math.max(1, b.points))
      .slice(0, 3)
      .map((grid) => weakAreaRecommendation(grid, input.businessName)),
    competitorRecommendation(input),
    listingsRecommendation(input),
    reviewsRecommendation(input),
    pageSpeedRecommendation(input),
    keywordRecommendation(input),
  ];
  return drafts
    .filter((d): d is DraftedSalesRecommendation => d !== null)
    .slice(0, MAX_SALES_RECOMMENDATIONS);
}

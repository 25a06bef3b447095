import { competitors } from '../kernel/db/schema';
import { DAY_MS, type SeedContext } from '../kernel/demo/seed-context';
import { COMPETITOR_WORDS } from '../kernel/demo/verticals';
import { fictionalPhone, type SeededCompany, streetAddress } from './companies';

/**
 * Three rank grid stories the demo shows, each made by an honest change to the world the
 * simulated search reads (competitors opening and closing, and where they are), never by
 * writing numbers: the seed then measures every scan through the provider like any other.
 */
export type GridStoryKind = 'climber' | 'dropper' | 'downtown';

export interface GridStory {
  kind: GridStoryKind;
  companyId: number;
  companyName: string;
  /** What happened, in words, for the seed's report and the docs. */
  summary: string;
  /** The day the story turns on (the newcomer's opening day for the dropper). */
  pivotDay: string | null;
}

/** About four months before the anchor: the dropper's new rival opens then. */
export const NEWCOMER_OPENED_DAYS_AGO = 120;
/** The climber's strong rivals, closing one by one over the history. */
export const CLIMBER_RIVALS = 6;
/** The downtown company's ring of strong suburban rivals, and how far out it lies. */
export const DOWNTOWN_RING_RIVALS = 12;
export const DOWNTOWN_RING_KM = [4.5, 6.5] as const;
/** The story companies' grid radius (miles): the downtown company's edge points sit on the ring. */
export const STORY_RADIUS_MI = 3;

const KM_PER_DEGREE = 111.32;

function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A point `km` from the company along a compass bearing (flat-earth is fine at this scale). */
function offset(company: SeededCompany, km: number, bearingDeg: number) {
  const rad = (bearingDeg * Math.PI) / 180;
  const north = km * Math.cos(rad);
  const east = km * Math.sin(rad);
  return {
    latitude: Number((company.lat + north / KM_PER_DEGREE).toFixed(6)),
    longitude: Number(
      (company.lng + east / (KM_PER_DEGREE * Math.cos((company.lat * Math.PI) / 180))).toFixed(6),
    ),
  };
}

function rival(
  random: SeedContext['random'],
  company: SeededCompany,
  at: { latitude: number; longitude: number },
  strength: { rating: number; reviewCount: number },
): typeof competitors.$inferInsert {
  const name = `${random.pick(COMPETITOR_WORDS)} ${random.pick(company.vertical.nameSuffixes)}`;
  const town = random.pick(company.metro.towns);
  return {
    companyId: company.id,
    name,
    placeId: `ChIJ${random.chars(23)}`,
    category: company.vertical.category,
    address: `${streetAddress(random, company.metro)}, ${town.city}, ${company.metro.state} ${random.pick(town.zips)}`,
    phone: fictionalPhone(random, company.metro),
    website: `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`,
    ...at,
    ...strength,
  };
}

export interface StoryCast {
  climber: SeededCompany;
  dropper: SeededCompany;
  downtown: SeededCompany;
}

/**
 * The dropper is one of the demo owner's companies and the climber the first demo account
 * company with the full 18 months of history (else the first other one), so the demo
 * accounts see them; the downtown company is the first generated one whose office is in the
 * centre of its metro's main city, away from the other two stories' metros.
 */
export function castStories(
  companies: SeededCompany[],
  hasFullHistory: (company: SeededCompany) => boolean,
): StoryCast {
  const dropper = companies[2];
  const climber = companies.find(
    (company) => company !== dropper && company.status === 'active' && hasFullHistory(company),
  );
  const downtown = companies
    .slice(4)
    .find(
      (company) =>
        company.status === 'active' &&
        company.town === company.metro.towns[0] &&
        company.metro !== climber?.metro &&
        company.metro !== dropper?.metro,
    );
  if (!climber || !dropper || !downtown) throw new Error('the demo agency has no story cast');
  return { climber, dropper, downtown };
}

/**
 * Writes the stories' competitors: the climber's strong rivals that close one by one over
 * its history, the dropper's strong newcomer next door that opens four months ago, and the
 * ring of strong suburban rivals around the downtown company.
 */
export async function writeStoryCompetitors(
  ctx: SeedContext,
  cast: StoryCast,
  historyStartOf: (company: SeededCompany) => Date,
): Promise<GridStory[]> {
  const random = ctx.random.fork('grid-stories');
  const rows: (typeof competitors.$inferInsert)[] = [];

  // Climber: established, much-reviewed rivals close by, closing at evenly spread dates.
  const from = historyStartOf(cast.climber).getTime();
  const span = ctx.anchor.getTime() - from;
  for (let i = 0; i < CLIMBER_RIVALS; i++) {
    const closes = new Date(from + span * ((i + 0.6) / (CLIMBER_RIVALS + 0.4)));
    rows.push({
      ...rival(random, cast.climber, offset(cast.climber, random.between(0.4, 1.5), i * 60 + 30), {
        rating: Math.round(random.between(4.7, 4.95) * 10) / 10,
        reviewCount: random.int(500, 950),
      }),
      closedOn: isoDay(new Date(Math.floor(closes.getTime() / DAY_MS) * DAY_MS)),
    });
  }

  // Dropper: one strong newcomer a few hundred metres away.
  const opened = isoDay(new Date(ctx.anchor.getTime() - NEWCOMER_OPENED_DAYS_AGO * DAY_MS));
  rows.push({
    ...rival(random, cast.dropper, offset(cast.dropper, random.between(0.2, 0.4), 200), {
      rating: 4.9,
      reviewCount: random.int(850, 990),
    }),
    openedOn: opened,
  });

  // Downtown: a ring of strong rivals out in the suburbs, where the grid's edge points are.
  for (let i = 0; i < DOWNTOWN_RING_RIVALS; i++) {
    const km = random.between(...DOWNTOWN_RING_KM);
    rows.push(
      rival(random, cast.downtown, offset(cast.downtown, km, (i * 360) / DOWNTOWN_RING_RIVALS), {
        rating: Math.round(random.between(4.6, 4.9) * 10) / 10,
        reviewCount: random.int(300, 800),
      }),
    );
  }
  await ctx.tx.insert(competitors).values(rows);

  return [
    {
      kind: 'climber',
      companyId: cast.climber.id,
      companyName: cast.climber.name,
      summary: `${CLIMBER_RIVALS} strong nearby rivals close one by one; ${cast.climber.label} climbs`,
      pivotDay: null,
    },
    {
      kind: 'dropper',
      companyId: cast.dropper.id,
      companyName: cast.dropper.name,
      summary: `a strong rival opens next door on ${opened}; ${cast.dropper.label} drops`,
      pivotDay: opened,
    },
    {
      kind: 'downtown',
      companyId: cast.downtown.id,
      companyName: cast.downtown.name,
      summary: `${DOWNTOWN_RING_RIVALS} strong rivals ring ${cast.downtown.town.city}'s suburbs; ${cast.downtown.label} leads downtown only`,
      pivotDay: null,
    },
  ];
}

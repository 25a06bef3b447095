import type { LsaCategory } from '@pinpoint/contracts';

/**
 * The Local Services Ads category catalogue the agency pulls its verticals from
 * (SPEC §7 `/api/vertical/admin/pull/list`, `/pull/info`). Only the demo catalogue exists:
 * a fixed list of real LSA categories. A live adapter (Google Ads API, Local Services
 * category lookup) is not built; when it is, it implements this interface and is chosen by
 * configuration like the search provider.
 */
export interface LsaCategoryDetails extends LsaCategory {
  serviceTypes: string[];
}

export interface LsaCategoryProvider {
  readonly source: 'demo' | 'live';
  list(): Promise<LsaCategory[]>;
  /** Null when the catalogue has no such category. */
  info(categoryId: string): Promise<LsaCategoryDetails | null>;
}

type Entry = [id: string, name: string, group: string, serviceTypes: string[]];

const HOME = 'Home services';
const LEGAL = 'Legal services';
const HEALTH = 'Health and wellness';
const OTHER = 'Other services';

/**
 * Ids as the demo seed stores them in `verticals.lsa_category` (kernel/demo/verticals.ts),
 * so every seeded vertical resolves to a category here.
 */
const CATALOGUE: Entry[] = [
  [
    'appliance_repair',
    'Appliance repair',
    HOME,
    ['Washer repair', 'Dryer repair', 'Refrigerator repair', 'Oven repair'],
  ],
  [
    'auto_repair',
    'Auto repair',
    OTHER,
    ['Brake repair', 'Engine diagnostics', 'Oil change', 'Transmission repair'],
  ],
  [
    'carpet_cleaning',
    'Carpet cleaning',
    HOME,
    ['Carpet cleaning', 'Upholstery cleaning', 'Rug cleaning'],
  ],
  ['chiropractor', 'Chiropractor', HEALTH, ['Spinal adjustment', 'Sports injury care']],
  [
    'criminal_attorney',
    'Criminal defense attorney',
    LEGAL,
    ['DUI defense', 'Misdemeanor defense', 'Felony defense'],
  ],
  [
    'dentist',
    'Dentist',
    HEALTH,
    ['Teeth cleaning', 'Fillings', 'Dental implants', 'Emergency dental care'],
  ],
  [
    'electrician',
    'Electrician',
    HOME,
    ['Wiring', 'Panel upgrade', 'Lighting installation', 'EV charger installation'],
  ],
  ['family_attorney', 'Family law attorney', LEGAL, ['Divorce', 'Child custody', 'Adoption']],
  [
    'garage_door',
    'Garage door services',
    HOME,
    ['Garage door repair', 'Opener installation', 'Spring replacement'],
  ],
  [
    'house_cleaning',
    'House cleaning',
    HOME,
    ['Standard cleaning', 'Deep cleaning', 'Move-out cleaning'],
  ],
  [
    'hvac',
    'HVAC (heating and cooling)',
    HOME,
    ['AC repair', 'Furnace repair', 'Heat pump installation', 'Duct cleaning'],
  ],
  ['lawn_care', 'Lawn care', HOME, ['Mowing', 'Fertilisation', 'Aeration']],
  ['locksmith', 'Locksmith', HOME, ['Lockout service', 'Lock rekey', 'Lock installation']],
  ['medical_spa', 'Medical spa', HEALTH, ['Botox', 'Laser hair removal', 'Facials']],
  ['movers', 'Movers', HOME, ['Local move', 'Long-distance move', 'Packing']],
  ['painter', 'Painter', HOME, ['Interior painting', 'Exterior painting', 'Cabinet painting']],
  [
    'personal_injury_attorney',
    'Personal injury attorney',
    LEGAL,
    ['Car accident', 'Slip and fall', 'Medical malpractice'],
  ],
  [
    'pest_control',
    'Pest control',
    HOME,
    ['Termite treatment', 'Rodent control', 'Bed bug treatment'],
  ],
  [
    'plumber',
    'Plumber',
    HOME,
    ['Drain cleaning', 'Water heater repair', 'Leak repair', 'Sewer line repair'],
  ],
  ['real_estate_agent', 'Real estate agent', OTHER, ['Buying a home', 'Selling a home']],
  ['roofer', 'Roofer', HOME, ['Roof repair', 'Roof replacement', 'Gutter installation']],
  [
    'towing',
    'Towing',
    OTHER,
    ['Light-duty towing', 'Roadside assistance', 'Jump start', 'Lockout'],
  ],
  ['tree_services', 'Tree services', HOME, ['Tree removal', 'Tree trimming', 'Stump grinding']],
  [
    'water_damage',
    'Water damage restoration',
    HOME,
    ['Water extraction', 'Mold remediation', 'Flood cleanup'],
  ],
  [
    'window_cleaning',
    'Window cleaning',
    HOME,
    ['Window washing', 'Screen cleaning', 'Gutter cleaning'],
  ],
];

/** The deterministic demo catalogue (DECISIONS.md: every provider has one, the default). */
export function createDemoLsaCategoryProvider(): LsaCategoryProvider {
  const byId = new Map(
    CATALOGUE.map(([id, name, group, serviceTypes]) => [id, { id, name, group, serviceTypes }]),
  );
  return {
    source: 'demo',
    async list() {
      return [...byId.values()].map(({ id, name, group }) => ({ id, name, group }));
    },
    async info(categoryId) {
      const found = byId.get(categoryId);
      return found ? { ...found, serviceTypes: [...found.serviceTypes] } : null;
    },
  };
}

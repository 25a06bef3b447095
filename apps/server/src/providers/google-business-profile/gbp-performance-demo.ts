import { addCalendarDays } from '@pinpoint/contracts';
import { hash32 } from '../../kernel/demo/random';
import { DemoRandom } from '../kernel/demo-random';
import { GBP_VENDOR } from '../kernel/vendor-ids';
import type { PerformanceProvider, VendorPerformanceDay } from './performance-port';

/**
 * Deterministic daily metrics per location: the same location and day always give the same
 * figures (a restart, the seed and the sync agree). A location's size (how busy it is)
 * comes from its account name, so a bigger business has more of everything every day;
 * weekdays are busier than weekends, there is a mild yearly season and a slow growth over
 * the 18 months. Days after the clock's today are not answered (Google has none yet).
 */
export function createGbpPerformanceDemo(options: { now?: () => Date } = {}): PerformanceProvider {
  const now = options.now ?? (() => new Date());
  return {
    vendor: GBP_VENDOR,
    mode: 'demo',
    async dailyMetrics(access, range) {
      const today = now().toISOString().slice(0, 10);
      const last = range.to > today ? today : range.to;
      const size = 0.5 + (hash32(access.externalAccount) % 1000) / 400; // 0.5 … 3
      const days: VendorPerformanceDay[] = [];
      for (let day = range.from; day <= last; day = addCalendarDays(day, 1)) {
        days.push(demoDay(access.externalAccount, day, size));
      }
      return days;
    },
  };
}

const EPOCH = Date.UTC(2024, 0, 1);

export function demoDay(account: string, day: string, size: number): VendorPerformanceDay {
  const random = new DemoRandom(0x5eed, `${account}|${day}`);
  const time = Date.parse(`${day}T00:00:00Z`);
  const weekday = new Date(time).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
  const yearPhase = ((time - EPOCH) / (365.25 * 86_400_000)) * 2 * Math.PI;
  const season = 1 + 0.15 * Math.sin(yearPhase);
  const growth = 1 + Math.max(0, (time - EPOCH) / 86_400_000) / 2000;
  const scale = size * weekend * season * growth * (0.8 + 0.4 * random.float());
  const n = (base: number) => Math.max(0, Math.round(base * scale * (0.85 + 0.3 * random.float())));
  return {
    day,
    desktopMaps: n(18),
    desktopSearch: n(30),
    mobileMaps: n(42),
    mobileSearch: n(55),
    calls: n(3),
    directions: n(4),
    websiteClicks: n(5),
  };
}

import type { CallStatus } from '@pinpoint/contracts';
import { DemoRandom, hashLabel, hashUnit } from '../kernel/demo-random';
import {
  DEMO_RECORDING_FILES,
  DEMO_RECORDINGS,
  demoRecordingForTrade,
  fetchDemoRecording,
} from '../kernel/demo-recordings';
import { VendorError } from '../kernel/vendor-errors';
import { CALL_TRACKING_VENDOR } from '../kernel/vendor-ids';
import {
  CALL_TRACKING_LABEL,
  type CallTrackingProvider,
  type VendorCall,
  type VendorTrackingNumber,
} from './port';

const DAY = 86_400_000;
const EPOCH = Date.UTC(2020, 0, 1);
/** A caller who calls back does so within this many days. */
const CALLBACK_DAYS = 14;
/** A recording is processed this long after the call ends; until then `audio` is empty. */
const RECORDING_DELAY_MS = 15 * 60_000;

/** What each tracking number tracks, and its share of a local business's calls. */
export const DEMO_SOURCES = [
  { source: 'Google Business Profile', name: 'Google Business Profile listing', weight: 0.38 },
  { source: 'Google Ads', name: 'Google Ads call extension', weight: 0.24 },
  { source: 'Website', name: 'Website header number', weight: 0.21 },
  { source: 'Direct mail', name: 'Spring postcard mailer', weight: 0.1 },
  { source: 'Facebook', name: 'Facebook page button', weight: 0.07 },
] as const;

const METROS = [
  {
    state: 'TX',
    areaCodes: ['512', '737'],
    cities: ['Austin', 'Round Rock', 'Cedar Park', 'Pflugerville', 'Georgetown'],
  },
  {
    state: 'IL',
    areaCodes: ['312', '773', '630'],
    cities: ['Chicago', 'Evanston', 'Oak Park', 'Naperville', 'Cicero'],
  },
  {
    state: 'AZ',
    areaCodes: ['602', '480'],
    cities: ['Phoenix', 'Tempe', 'Mesa', 'Scottsdale', 'Chandler'],
  },
  {
    state: 'CO',
    areaCodes: ['303', '720'],
    cities: ['Denver', 'Aurora', 'Lakewood', 'Englewood', 'Arvada'],
  },
  {
    state: 'FL',
    areaCodes: ['813', '727'],
    cities: ['Tampa', 'Brandon', 'Clearwater', 'St. Petersburg', 'Riverview'],
  },
  {
    state: 'WA',
    areaCodes: ['206', '425'],
    cities: ['Seattle', 'Bellevue', 'Renton', 'Kirkland', 'Shoreline'],
  },
] as const;

export interface CtmDemoOptions {
  seed?: string;
  now?: () => Date;
  /** The business behind the account (its trade picks the recording played). */
  describe?: (externalAccount: string) => { trade?: string | null } | null | undefined;
}

/** A call as drawn, before the clock decides what of it exists yet. */
interface DrawnCall extends Omit<VendorCall, 'recordingUrl'> {
  recorded: boolean;
}

/** Poisson by inversion: small means only (a business's calls per day). */
function poisson(random: DemoRandom, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random.float();
  while (p > limit && k < 60) {
    k++;
    p *= random.float();
  }
  return k;
}

/**
 * CallTrackingMetrics without the vendor. Each account's calls follow a timeline from a
 * fixed epoch, drawn day by day from the seed, so a call is the same whichever window asks
 * for it and new ones appear as time passes: 2–6 calls a weekday (a third of that at
 * weekends, a little seasonal swing), sources weighted as a local business's are, ~15%
 * missed and ~7% voicemail, and a quarter of callers (nearly half after a missed call)
 * calling back within two weeks from the same number, as repeat callers. Recordings
 * appear a quarter of an hour after the call, as the vendor processes them, and play the
 * committed demo MP3s.
 */
export function createCtmDemo(options: CtmDemoOptions = {}): CallTrackingProvider {
  const seed = hashLabel(11, options.seed ?? 'pinpoint-demo');
  const now = options.now ?? (() => new Date());

  const profileOf = (account: string) => {
    const metro =
      METROS[Math.floor(hashUnit(seed, `${account}/ctm/metro`) * METROS.length)] ?? METROS[0];
    const rate = 2 + hashUnit(seed, `${account}/ctm/rate`) * 4;
    return { metro, rate, area: metro.areaCodes[0] };
  };

  function trackingNumbers(account: string): VendorTrackingNumber[] {
    const { area } = profileOf(account);
    const key = Math.floor(hashUnit(seed, `${account}/ctm/tpn`) * 90_000) + 10_000;
    return DEMO_SOURCES.map((s, i) => ({
      externalId: `TPN${key}${i}`,
      // 555-0190…0194: fictional numbers in the business's own area code.
      number: `+1${area}5550${190 + i}`,
      name: s.name,
      source: s.source,
    }));
  }

  function recordingFile(account: string): string {
    const trade = options.describe?.(account)?.trade ?? '';
    // The recording that fits the business's trade, else one picked per account.
    const fit = demoRecordingForTrade(trade)?.file;
    return (
      fit ??
      DEMO_RECORDING_FILES[
        Math.floor(hashUnit(seed, `${account}/ctm/recording`) * DEMO_RECORDING_FILES.length)
      ] ??
      DEMO_RECORDINGS.plumbing.file
    );
  }

  /** A day's first calls (new callers) and, for each, whether and when they call back. */
  function firstCallsOfDay(account: string, dayIndex: number) {
    const { metro, rate } = profileOf(account);
    const numbers = trackingNumbers(account);
    const random = new DemoRandom(seed, `${account}/ctm/${dayIndex}`);
    const weekday = new Date(EPOCH + dayIndex * DAY).getUTCDay();
    const season = 1 + 0.15 * Math.sin((2 * Math.PI * dayIndex) / 365);
    const count = Math.min(
      24,
      poisson(random, rate * season * (weekday === 0 || weekday === 6 ? 0.35 : 1)),
    );
    const out: { call: DrawnCall; callback: DrawnCall | null }[] = [];
    for (let n = 0; n < count; n++) {
      const draw = (
        at: number,
        firstTime: boolean,
        suffix: number,
        base?: DrawnCall,
      ): DrawnCall => {
        const pick = random.float();
        let acc = 0;
        const index = base
          ? numbers.findIndex((x) => x.number === base.trackingNumber)
          : Math.max(
              0,
              DEMO_SOURCES.findIndex((s) => {
                acc += s.weight;
                return pick < acc;
              }),
            );
        const tracking = numbers[index] ?? numbers[0];
        const outcome = random.float();
        const status: CallStatus =
          outcome < 0.15 ? 'missed' : outcome < 0.22 ? 'voicemail' : 'answered';
        const ring = random.int(4, 30);
        const talk = status === 'answered' ? Math.round(Math.exp(random.between(3.4, 6.4))) : 0;
        const message = status === 'voicemail' ? random.int(10, 60) : 0;
        const unique = dayIndex * 24 + n;
        const withheld = !base && random.chance(0.02);
        return {
          externalId: String(700_000_000 + dayIndex * 100 + n * 2 + suffix),
          calledAt: new Date(at),
          trackingNumber: tracking?.number ?? '',
          trackingNumberName: tracking?.name ?? null,
          source: tracking?.source ?? 'Direct',
          callerNumber: base
            ? base.callerNumber
            : withheld
              ? null
              : `+1${metro.areaCodes[unique % metro.areaCodes.length]}555${String(100 + (Math.floor(unique / metro.areaCodes.length) % 9_900)).padStart(4, '0')}`,
          callerCity: base ? base.callerCity : withheld ? null : random.pick(metro.cities),
          callerState: base ? base.callerState : withheld ? null : metro.state,
          durationSeconds: ring + talk + message,
          talkTimeSeconds: talk,
          status,
          firstTime,
          recorded: status === 'voicemail' || (status === 'answered' && random.chance(0.9)),
        };
      };
      // Business hours, roughly 8:00–18:00 across the US zones.
      const at = EPOCH + dayIndex * DAY + random.int(13 * 3600, 23 * 3600) * 1000;
      const call = draw(at, true, 0);
      const callsBack = random.chance(call.status === 'answered' ? 0.22 : 0.45);
      const later = random.int(1, CALLBACK_DAYS);
      const laterAt = EPOCH + (dayIndex + later) * DAY + random.int(13 * 3600, 23 * 3600) * 1000;
      // Drawn whatever happens, so a day's draws never depend on what came before.
      const callback = draw(laterAt, false, 1, call);
      out.push({ call, callback: callsBack && call.callerNumber ? callback : null });
    }
    return out;
  }

  /** Every call of days [fromIndex, toIndex], newest first (one remembered window). */
  let remembered: { key: string; calls: DrawnCall[] } | null = null;
  function callsOfDays(account: string, fromIndex: number, toIndex: number): DrawnCall[] {
    const key = `${account}|${fromIndex}|${toIndex}`;
    if (remembered?.key === key) return remembered.calls;
    const calls: DrawnCall[] = [];
    for (let d = Math.max(0, fromIndex - CALLBACK_DAYS); d <= toIndex; d++) {
      for (const { call, callback } of firstCallsOfDay(account, d)) {
        if (d >= fromIndex) calls.push(call);
        const day = callback ? Math.floor((callback.calledAt.getTime() - EPOCH) / DAY) : -1;
        if (callback && day >= fromIndex && day <= toIndex) calls.push(callback);
      }
    }
    calls.sort(
      (a, b) =>
        b.calledAt.getTime() - a.calledAt.getTime() || b.externalId.localeCompare(a.externalId),
    );
    remembered = { key, calls };
    return calls;
  }

  const dayIndexOf = (day: string) => Math.floor((Date.parse(`${day}T00:00:00Z`) - EPOCH) / DAY);
  const demoAccess = (access: { accessToken: string | null }) => {
    // The demo accepts any account; a connection explicitly marked expired fails like CTM.
    if (access.accessToken === 'expired') {
      throw new VendorError(
        CALL_TRACKING_VENDOR,
        'auth',
        `${CALL_TRACKING_LABEL} refused the request (HTTP 401).`,
        401,
      );
    }
  };

  return {
    vendor: CALL_TRACKING_VENDOR,
    mode: 'demo',
    async listCalls(access, query) {
      demoAccess(access);
      const at = now().getTime();
      const to = Math.min(dayIndexOf(query.to), Math.floor((at - EPOCH) / DAY));
      const file = recordingFile(access.externalAccount);
      const all = callsOfDays(access.externalAccount, dayIndexOf(query.from), to).filter(
        (c) => c.calledAt.getTime() <= at,
      );
      const totalPages = Math.max(1, Math.ceil(all.length / query.perPage));
      const slice = all.slice((query.page - 1) * query.perPage, query.page * query.perPage);
      return {
        calls: slice.map(({ recorded, ...call }) => ({
          ...call,
          recordingUrl:
            recorded &&
            at - call.calledAt.getTime() - call.durationSeconds * 1000 >= RECORDING_DELAY_MS
              ? `demo:${file}`
              : null,
        })),
        page: query.page,
        totalPages,
        nextPage: query.page < totalPages ? query.page + 1 : null,
      };
    },
    async listNumbers(access) {
      demoAccess(access);
      return { numbers: trackingNumbers(access.externalAccount), nextPage: null };
    },
    async fetchRecording(access, url) {
      demoAccess(access);
      return fetchDemoRecording(CALL_TRACKING_VENDOR, url);
    },
  };
}

import type { LsaLeadStatus, LsaLeadType } from '@pinpoint/contracts';
import { DemoRandom, hashLabel, hashUnit } from '../kernel/demo-random';
import { DEMO_RECORDINGS, fetchDemoRecording } from '../kernel/demo-recordings';
import { VendorError } from '../kernel/vendor-errors';
import { LSA_VENDOR } from '../kernel/vendor-ids';
import type { LsaProvider, VendorLsaConversation, VendorLsaDay, VendorLsaLead } from './port';

/** Each trade's category, cost per lead and demo recording (kernel/demo-recordings.ts). */
const TRADES = [
  { recording: DEMO_RECORDINGS.plumbing, category: 'plumber', cpl: [35, 60] },
  { recording: DEMO_RECORDINGS.dental, category: 'dentist', cpl: [45, 90] },
  { recording: DEMO_RECORDINGS.hvac, category: 'hvac', cpl: [40, 75] },
  { recording: DEMO_RECORDINGS.legal, category: 'personal_injury_attorney', cpl: [90, 160] },
  { recording: DEMO_RECORDINGS.roofing, category: 'roofer', cpl: [50, 95] },
  { recording: DEMO_RECORDINGS.electrical, category: 'electrician', cpl: [30, 55] },
] as const;

const DAY = 86_400_000;
const EPOCH = Date.UTC(2020, 0, 1);
const FIRST_NAMES = [
  'Maria',
  'James',
  'Aisha',
  'Tom',
  'Priya',
  'Luis',
  'Grace',
  'Omar',
  'Kelly',
  'Dan',
  'Mei',
  'Sam',
];
const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Khan',
  'Nguyen',
  'Patel',
  'Brown',
  'Lopez',
  'Miller',
  'Young',
  'Reed',
];
const MESSAGES = [
  'Hi, are you available this week for an estimate?',
  'Could you call me back about pricing? Thanks.',
  'Do you work on weekends? I need help soon.',
  'Found you on Google, what is your earliest opening?',
];

export interface LsaDemoOptions {
  seed?: string;
  now?: () => Date;
  /** The business behind the account (its trade picks the category and recording). */
  describe?: (externalAccount: string) => { trade: string | null } | null | undefined;
}

interface DemoLead {
  lead: VendorLsaLead;
  conversations: VendorLsaConversation[];
  chargeCents: number;
}

/**
 * Local Services Ads without Google: each account's leads follow a timeline from a fixed
 * epoch (a lead is the same whatever day it is asked for; new ones appear as time passes),
 * 0–2 a day, and their status, charge and dispute move with the clock as Google's do. The
 * account's daily spend is what Google charges for that day's charged leads, so spend and
 * leads agree. Recordings are the committed MP3 files.
 */
export function createLsaDemo(options: LsaDemoOptions = {}): LsaProvider {
  const seed = hashLabel(7, options.seed ?? 'pinpoint-demo');
  const now = options.now ?? (() => new Date());
  const tradeOf = (account: string) => {
    const trade = options.describe?.(account)?.trade ?? '';
    return (
      TRADES.find((t) => t.recording.match.test(trade)) ??
      TRADES[Math.floor(hashUnit(seed, `${account}/trade`) * TRADES.length)] ??
      TRADES[0]
    );
  };

  /** The leads of one UTC day of the timeline, as they stand at `at`. */
  function leadsOfDay(account: string, dayIndex: number, at: number): DemoLead[] {
    const random = new DemoRandom(seed, `${account}/lsa/${dayIndex}`);
    const draw = random.float();
    const count = draw < 0.45 ? 0 : draw < 0.85 ? 1 : 2;
    const trade = tradeOf(account);
    const out: DemoLead[] = [];
    for (let n = 0; n < count; n++) {
      const createdAt = EPOCH + dayIndex * DAY + random.int(7 * 3600, 20 * 3600) * 1000;
      const age = at - createdAt;
      const typeDraw = random.float();
      const leadType: LsaLeadType =
        typeDraw < 0.72 ? 'PHONE_CALL' : typeDraw < 0.9 ? 'MESSAGE' : 'BOOKING';
      const outcome = random.float();
      const final: LsaLeadStatus =
        outcome < 0.42
          ? 'BOOKED'
          : outcome < 0.72
            ? 'ACTIVE'
            : outcome < 0.82
              ? 'DECLINED'
              : outcome < 0.9
                ? 'EXPIRED'
                : outcome < 0.96
                  ? 'CONSUMER_DECLINED'
                  : 'WIPED_OUT';
      const status: LsaLeadStatus =
        age < DAY ? 'NEW' : age < 3 * DAY && final !== 'EXPIRED' ? 'ACTIVE' : final;
      // Google charges valid leads; declined spam and wiped-out ones are not charged.
      const charged =
        !['DECLINED', 'WIPED_OUT', 'CONSUMER_DECLINED'].includes(final) && random.chance(0.85);
      const disputed = charged && random.chance(0.1);
      const disputeAt = createdAt + random.int(1, 5) * DAY;
      const creditAt = disputeAt + random.int(3, 12) * DAY;
      const creditState =
        !disputed || at < disputeAt
          ? null
          : at < creditAt
            ? 'PENDING'
            : random.chance(0.7)
              ? 'CREDITED'
              : 'PENDING';
      const externalId = String(
        4_000_000_000 + Math.floor(hashUnit(seed, `${account}/${dayIndex}/${n}`) * 1e9),
      );
      const customer = account.replace(/\D/g, '') || '0';
      const resourceName = `customers/${customer}/localServicesLeads/${externalId}`;
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      const lead: VendorLsaLead = {
        externalId,
        resourceName,
        leadType,
        categoryId: `xcat:service_area_business_${trade.category}`,
        serviceId: `${trade.category}_general`,
        status,
        charged,
        creditState,
        creditUpdatedAt: creditState
          ? new Date(creditState === 'PENDING' ? disputeAt : creditAt)
          : null,
        consumerName: `${first} ${last}`,
        consumerPhone: `+1555${random.chars(7, '0123456789')}`,
        consumerEmail:
          leadType === 'PHONE_CALL'
            ? null
            : `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
        createdAt: new Date(createdAt),
      };
      const conversations: VendorLsaConversation[] = [];
      const conversation = (
        k: number,
        extra: Partial<VendorLsaConversation>,
      ): VendorLsaConversation => ({
        externalId: `${externalId}${k}`,
        leadResourceName: resourceName,
        channel: 'PHONE_CALL',
        participantType: 'CONSUMER',
        eventAt: new Date(createdAt + k * 60_000),
        callDurationMs: null,
        recordingUrl: null,
        messageText: null,
        ...extra,
      });
      if (leadType === 'PHONE_CALL') {
        const recorded = random.chance(0.6);
        conversations.push(
          conversation(0, {
            callDurationMs: recorded ? trade.recording.ms : random.int(20, 240) * 1000,
            recordingUrl: recorded ? `demo:${trade.recording.file}` : null,
          }),
        );
      } else if (leadType === 'MESSAGE') {
        conversations.push(
          conversation(0, { channel: 'MESSAGE', messageText: random.pick(MESSAGES) }),
        );
      } else {
        conversations.push(conversation(0, { channel: 'BOOKING' }));
      }
      // Drawn in full before the clock decides, so a later lead of the day never changes.
      if (createdAt > at) continue;
      out.push({
        lead,
        conversations,
        chargeCents: charged ? random.int(trade.cpl[0], trade.cpl[1]) * 100 : 0,
      });
    }
    return out;
  }

  const dayIndexOf = (instant: number) => Math.floor((instant - EPOCH) / DAY);
  const isoDay = (index: number) => new Date(EPOCH + index * DAY).toISOString().slice(0, 10);
  const demoAccess = (access: { accessToken: string | null }) => {
    // The demo accepts any account; a connection explicitly marked expired fails like Google.
    if (access.accessToken === 'expired') {
      throw new VendorError(
        LSA_VENDOR,
        'auth',
        'Local Services Ads refused the request (HTTP 401).',
        401,
      );
    }
  };

  return {
    vendor: LSA_VENDOR,
    mode: 'demo',
    async listLeads(access, window) {
      demoAccess(access);
      const at = now().getTime();
      const leads: VendorLsaLead[] = [];
      const conversations: VendorLsaConversation[] = [];
      const start = Math.max(window.start.getTime(), EPOCH);
      for (let d = dayIndexOf(window.end.getTime() - 1); d >= dayIndexOf(start); d--) {
        for (const item of leadsOfDay(access.externalAccount, d, at).sort(
          (a, b) => b.lead.createdAt.getTime() - a.lead.createdAt.getTime(),
        )) {
          const created = item.lead.createdAt.getTime();
          if (created < window.start.getTime() || created >= window.end.getTime()) continue;
          leads.push(item.lead);
          conversations.push(...item.conversations);
        }
      }
      return { leads, conversations };
    },
    async listDays(access, range) {
      demoAccess(access);
      const at = now().getTime();
      const days: VendorLsaDay[] = [];
      const from = dayIndexOf(Date.parse(`${range.from}T00:00:00Z`));
      const to = Math.min(dayIndexOf(Date.parse(`${range.to}T00:00:00Z`)), dayIndexOf(at));
      for (let d = Math.max(from, 0); d <= to; d++) {
        const items = leadsOfDay(access.externalAccount, d, at);
        const random = new DemoRandom(seed, `${access.externalAccount}/lsa-day/${d}`);
        const impressions = random.int(30, 160);
        days.push({
          day: isoDay(d),
          costMicros: items.reduce((sum, item) => sum + item.chargeCents * 10_000, 0),
          impressions,
          clicks: Math.round(impressions * random.between(0.02, 0.08)),
          phoneCalls: items.filter((item) => item.lead.leadType === 'PHONE_CALL').length,
        });
      }
      return days;
    },
    async fetchRecording(access, url) {
      demoAccess(access);
      return fetchDemoRecording(LSA_VENDOR, url);
    },
  };
}

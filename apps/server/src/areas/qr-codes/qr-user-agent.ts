import { UAParser } from 'ua-parser-js';

export interface ScanAgent {
  os: string;
  browser: string;
  /** 'mobile' | 'tablet' | 'desktop' | 'other' */
  deviceType: string;
}

/** ua-parser-js names → the names people know. */
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };
const UNKNOWN: ScanAgent = { os: 'Unknown', browser: 'Unknown', deviceType: 'other' };
/** Phones of one kind send the same few user agents: parse each once (bounded). */
const CACHE_MAX = 2_000;
const cache = new Map<string, ScanAgent>();

/**
 * The OS, browser and kind of device behind a user agent (ua-parser-js 1.x, MIT). Bots
 * and empty agents are 'Unknown'; a user agent without a device type is a desktop.
 */
export function parseScanAgent(userAgent: string | undefined): ScanAgent {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua) return UNKNOWN;
  const known = cache.get(ua);
  if (known) return known;
  const result = new UAParser(ua).getResult();
  const osName = result.os.name ? (OS_NAMES[result.os.name] ?? result.os.name) : 'Unknown';
  const type = result.device.type;
  const deviceType =
    type === 'mobile' || type === 'tablet'
      ? type
      : type === undefined && result.os.name
        ? 'desktop'
        : 'other';
  const agent = { os: osName, browser: result.browser.name ?? 'Unknown', deviceType };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(ua, agent);
  return agent;
}

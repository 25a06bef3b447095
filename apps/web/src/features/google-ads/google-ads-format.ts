import { type AdScheduleEntry, kpiTrend } from '@pinpoint/contracts';
import { formatCount } from '../../lib/format';

/** Google's enum names as words: SEARCH → "Search", PAUSED → "Paused". */
export function enumLabel(value: string): string {
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The change against the previous period in words (never colour alone), as the overview's
 * KPI cards say it; `better` says which direction is good (spend: neither).
 */
export function trendWords(
  value: number | null,
  previous: number | null,
  better: 'up' | 'down' | null,
): { arrow: string; text: string; tone: string } {
  if (value === null || previous === null)
    return { arrow: '', text: 'No comparison', tone: 'text-body-secondary' };
  const { direction, percent } = kpiTrend(value, previous);
  if (direction === 'new')
    return { arrow: '★', text: 'New: none in the previous period', tone: 'text-primary' };
  if (direction === 'flat')
    return { arrow: '→', text: 'No change vs previous period', tone: 'text-body-secondary' };
  const good = better === null ? null : better === direction;
  const tone = good === null ? 'text-body-secondary' : good ? 'text-success' : 'text-danger';
  const size = `${Math.abs(percent ?? 0)}%`;
  return direction === 'up'
    ? { arrow: '▲', text: `Up ${size} vs previous period`, tone }
    : { arrow: '▼', text: `Down ${size} vs previous period`, tone };
}

const time = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** A campaign's ad schedule in one line; none means Google serves it at every hour. */
export function scheduleLine(schedule: AdScheduleEntry[]): string {
  if (schedule.length === 0) return 'All day, every day';
  return schedule
    .map(
      (s) =>
        `${enumLabel(s.day).slice(0, 3)} ${time(s.startHour, s.startMinute)}–${time(s.endHour, s.endMinute)}`,
    )
    .join(', ');
}

/** 95 → "1:35"; null → "—". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * An image asset's address for an <img>: the demo's data URLs as they are, a remote image
 * through our proxy (the browser never calls Google's hosts directly).
 */
export function imageSource(url: string): string | null {
  if (url.startsWith('data:image/')) return url;
  if (url.startsWith('https://')) return `/api/main/image/proxy?url=${encodeURIComponent(url)}`;
  return null;
}

/** The display URL of an ad: its final URL's host, as Google shows it. */
export function displayUrl(finalUrl: string | null): string | null {
  if (!finalUrl) return null;
  try {
    const url = new URL(finalUrl);
    const path = url.pathname.split('/').filter(Boolean).slice(0, 2).join('/');
    return path ? `${url.host}/${path}` : url.host;
  } catch {
    return null;
  }
}

/** 512 → "512 bytes", 20_480 → "20 KB". */
export const formatFileSize = (bytes: number) =>
  bytes < 1024 ? `${formatCount(bytes)} bytes` : `${formatCount(Math.round(bytes / 1024))} KB`;

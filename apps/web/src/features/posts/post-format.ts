import type { Post } from '@pinpoint/contracts';

/** One idempotency key per compose session (crypto.randomUUID needs a secure context). */
export function newPostKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An instant as the company reads it: "Nov 24, 2026, 9:30 AM". */
export function formatInZone(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** The date a post's row shows: when it goes out, went out, or was written. */
export function postWhen(post: Post, timeZone: string): string {
  if (post.state === 'scheduled' || post.state === 'awaiting_approval') {
    return post.scheduledFor ? `For ${formatInZone(post.scheduledFor, timeZone)}` : 'When approved';
  }
  if (post.publishedAt) return formatInZone(post.publishedAt, timeZone);
  return `Written ${formatInZone(post.createdAt, timeZone)}`;
}

/** Views and clicks only where the vendor gives them; never a made-up zero. */
export const figure = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('en-US');

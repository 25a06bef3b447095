import type { Post } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { NO_POST_FILTERS, postListQuery } from './api/get-posts';
import { productPostsPath, scopePath } from './api/post-scope';
import { imageFileProblem } from './api/upload-image';
import { figure, formatInZone, newPostKey, postWhen } from './post-format';

const CHICAGO = 'America/Chicago';

const post = (overrides: Partial<Post>): Post => ({
  id: 4_410,
  productId: 21,
  productSlug: 'google-business-pro',
  source: 'google',
  topicType: 'STANDARD',
  summary: 'Invisalign consultations are free all December.',
  ctaType: null,
  ctaUrl: null,
  event: null,
  offer: null,
  imageId: null,
  imageUrl: null,
  mediaUrl: null,
  state: 'published',
  scheduledFor: null,
  scheduledForLocal: null,
  publishedAt: '2026-11-24T15:30:00.000Z',
  failureReason: null,
  declineComment: null,
  searchUrl: null,
  views: 312,
  clicks: 18,
  createdBy: 'Sam Staff',
  createdAt: '2026-11-23T20:05:00.000Z',
  updatedAt: '2026-11-24T15:30:00.000Z',
  editable: false,
  ...overrides,
});

describe('post formatting', () => {
  it('reads an instant in the company’s own zone', () => {
    expect(formatInZone('2026-11-24T15:30:00.000Z', CHICAGO)).toBe('Nov 24, 2026, 9:30 AM');
    expect(formatInZone('2026-11-24T15:30:00.000Z', 'America/Los_Angeles')).toBe(
      'Nov 24, 2026, 7:30 AM',
    );
    expect(formatInZone(null, CHICAGO)).toBe('—');
  });

  it('dates a post by when it goes out, went out, or was written', () => {
    expect(postWhen(post({}), CHICAGO)).toBe('Nov 24, 2026, 9:30 AM');
    expect(
      postWhen(
        post({ state: 'scheduled', publishedAt: null, scheduledFor: '2026-12-04T15:00:00.000Z' }),
        CHICAGO,
      ),
    ).toBe('For Dec 4, 2026, 9:00 AM');
    expect(
      postWhen(
        post({ state: 'awaiting_approval', publishedAt: null, scheduledFor: null }),
        CHICAGO,
      ),
    ).toBe('When approved');
    expect(postWhen(post({ state: 'draft', publishedAt: null }), CHICAGO)).toBe(
      'Written Nov 23, 2026, 2:05 PM',
    );
  });

  it('shows the vendor’s figures, never a made-up zero', () => {
    expect(figure(12_480)).toBe('12,480');
    expect(figure(0)).toBe('0');
    expect(figure(null)).toBe('—');
  });

  it('makes a fresh idempotency key each time', () => {
    const keys = new Set(Array.from({ length: 5 }, newPostKey));
    expect(keys.size).toBe(5);
    for (const key of keys) expect(key).toMatch(/^[\w-]{8,100}$/);
  });
});

describe('post queries', () => {
  it('asks for a page, with only the filters that are set', () => {
    expect(postListQuery(NO_POST_FILTERS)).toBe('page=1&pageSize=20');
    expect(
      postListQuery({
        states: ['scheduled', 'failed'],
        topic: 'OFFER',
        q: '  whitening ',
        page: 3,
      }),
    ).toBe('page=3&pageSize=20&state=scheduled%2Cfailed&topic=OFFER&q=whitening');
    expect(postListQuery({ ...NO_POST_FILTERS, q: '   ' })).toBe('page=1&pageSize=20');
  });

  it('addresses a Google product’s, a Facebook product’s and a company’s posts', () => {
    expect(productPostsPath(21, 'google')).toBe('/api/uni/products/socialposts/21');
    expect(productPostsPath(22, 'facebook')).toBe('/api/uni/products/socialposts/facebook/22');
    expect(scopePath({ kind: 'product', productId: 22, source: 'facebook' })).toBe(
      '/api/uni/products/socialposts/facebook/22',
    );
    expect(scopePath({ kind: 'company', companyId: 4 })).toBe(
      '/api/uni/products/socialposts/company/4',
    );
  });

  it('refuses a picture of another type or over 10 MB before sending it', () => {
    const file = (type: string, size: number) => {
      const f = new File(['x'], 'picture', { type });
      Object.defineProperty(f, 'size', { value: size });
      return f;
    };
    expect(imageFileProblem(file('image/jpeg', 2_400_000))).toBeNull();
    expect(imageFileProblem(file('image/webp', 10 * 1024 * 1024))).toBeNull();
    expect(imageFileProblem(file('image/heic', 900_000))).toBe('Choose a JPEG, PNG or WebP image.');
    expect(imageFileProblem(file('image/png', 10 * 1024 * 1024 + 1))).toBe(
      'The image is larger than 10 MB.',
    );
  });
});

import type { Post } from '@pinpoint/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { PostDetail } from './post-detail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post = (id: number, overrides: Partial<Post>): Post => ({
  id,
  productId: 21,
  productSlug: 'google-business-pro',
  source: 'google',
  topicType: 'STANDARD',
  summary: 'Free Invisalign consultations all December.',
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

describe('PostDetail', () => {
  const detail = {
    post: post(4_401, {
      ctaType: 'LEARN_MORE',
      ctaUrl: 'https://harborsmiles.example.com/invisalign',
      searchUrl: 'https://local.google.com/place?id=18230&use=posts&lpsid=CIHM0ogKEICAgIC',
    }),
    timeZone: 'America/Chicago',
    writes: [
      {
        id: 9_120,
        action: 'publish' as const,
        status: 'sent' as const,
        error: null,
        attempts: 1,
        createdBy: 'Sam Staff',
        createdAt: '2026-11-24T15:29:00.000Z',
        sendAfter: null,
        sentAt: '2026-11-24T15:30:00.000Z',
      },
    ],
  };

  it('shows the post, its figures and the history of what was sent', async () => {
    const api = fakeApi({ 'GET /api/uni/products/socialposts/:productId/:postId': () => detail });
    renderWithApp(
      <PostDetail productId={21} postId={4_401} source="google" backHref="/dashboard/posts" />,
    );
    expect(await screen.findByText('published Nov 24, 2026, 9:30 AM')).toBeTruthy();
    expect(api.calls[0]?.path).toBe('/api/uni/products/socialposts/21/4401');
    expect(
      screen.getByText('Button: Learn more → https://harborsmiles.example.com/invisalign'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See it live' }).getAttribute('href')).toBe(
      detail.post.searchUrl,
    );
    const figures = [...document.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`,
    );
    expect(figures).toEqual(['Views 312', 'Clicks 18']);
    const history = screen.getByRole('table');
    expect(within(history).getAllByRole('row')[1]?.textContent).toBe(
      'PublishsentSam StaffNov 24, 2026, 9:30 AM',
    );
  });

  it('says when nothing was sent for a post, and why one could not be loaded', async () => {
    fakeApi({
      'GET /api/uni/products/socialposts/facebook/:productId/:postId': () => ({
        ...detail,
        post: {
          ...detail.post,
          source: 'facebook',
          state: 'draft',
          publishedAt: null,
          ctaType: null,
        },
        writes: [],
      }),
    });
    renderWithApp(<PostDetail productId={22} postId={4_401} source="facebook" backHref="/" />);
    expect(
      await screen.findByText('Nothing was sent to the vendor for this post from Pinpoint.'),
    ).toBeTruthy();
    expect(screen.getByText('Facebook post')).toBeTruthy();
    cleanup();

    fakeApi({
      'GET /api/uni/products/socialposts/:productId/:postId': () =>
        replyError(404, 'NOT_FOUND', 'This post was removed.'),
    });
    renderWithApp(<PostDetail productId={21} postId={4_499} source="google" backHref="/" />);
    expect(await screen.findByText('This post was removed.')).toBeTruthy();
  });
});

import type { Photo, Post, PostSource } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { PostForm } from './post-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved = (data: Record<string, unknown>, id = 4_411): Post => ({
  id,
  productId: 21,
  productSlug: 'google-business-pro',
  source: 'google',
  topicType: (data.topicType as Post['topicType']) ?? 'STANDARD',
  summary: String(data.summary ?? ''),
  ctaType: (data.ctaType as Post['ctaType']) ?? null,
  ctaUrl: (data.ctaUrl as string | null) ?? null,
  event: null,
  offer: null,
  imageId: null,
  imageUrl: null,
  mediaUrl: null,
  state:
    data.action === 'draft' ? 'draft' : data.action === 'schedule' ? 'scheduled' : 'publishing',
  scheduledFor: null,
  scheduledForLocal: (data.scheduledFor as string | null) ?? null,
  publishedAt: null,
  failureReason: null,
  declineComment: null,
  searchUrl: null,
  views: null,
  clicks: null,
  createdBy: 'Sam Staff',
  createdAt: '2026-11-29T13:00:00.000Z',
  updatedAt: '2026-11-29T13:00:00.000Z',
  editable: true,
});

const teamPhoto: Photo = {
  id: 903,
  category: 'TEAM',
  description: 'Dr. Patel and the team',
  state: 'live',
  failureReason: null,
  width: 1600,
  height: 1200,
  views: null,
  takenAt: '2026-10-02T15:00:00.000Z',
  imageId: null,
  imageUrl: '/api/main/image/proxy?url=https%3A%2F%2Flh3.googleusercontent.com%2Fp%2FAF1QipTeam',
  thumbnailUrl: null,
  vendorUrl: 'https://lh3.googleusercontent.com/p/AF1QipTeam',
};

function compose(source: PostSource, routes: Record<string, FakeRoute> = {}, post?: Post) {
  const onDone = vi.fn();
  const api = fakeApi({
    'POST /api/uni/products/socialposts/:productId': ({ data }) => saved(data),
    'PUT /api/uni/products/socialposts/:productId/:postId': ({ data, params }) =>
      saved(data, Number(params.postId)),
    'POST /api/uni/products/socialposts/facebook/:productId': ({ data }) => saved(data),
    'GET /api/uni/products/googlephotos/:productId': () => ({
      items: [teamPhoto],
      total: 1,
      page: 1,
      pageSize: 12,
      categoryCounts: { TEAM: 1 },
      connections: [],
      readOnly: false,
    }),
    'POST /api/uni/client/:companyId/images': () => ({
      id: 7_788,
      width: 1200,
      height: 900,
      contentType: 'image/png',
      byteSize: 48_213,
      url: '/api/uni/client/4/images/7788',
    }),
    ...routes,
  });
  renderWithApp(
    <PostForm
      productId={source === 'google' ? 21 : 22}
      companyId={4}
      source={source}
      timeZone="America/Chicago"
      post={post}
      onDone={onDone}
      onCancel={() => {}}
    />,
  );
  return { api, onDone };
}

const form = () => screen.findByRole('form', { name: /^(New|Edit) post$/ });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const posts = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.path.includes('/socialposts/')).map((c) => c.data);

describe('PostForm', () => {
  it('names what Google would refuse, field by field, and sends nothing', async () => {
    const { api } = compose('google');
    await form();
    click('Publish');
    expect(await screen.findByText('Write the text of the post.')).toBeTruthy();

    type('Text', 'x'.repeat(1_501));
    expect(screen.getByText('1,501 of 1,500 characters').className).toContain('text-danger');
    type('Button', 'LEARN_MORE');
    type('Button link', 'harborsmiles');
    click('Publish');
    expect(await screen.findByText('Google takes at most 1,500 characters.')).toBeTruthy();
    expect(screen.getByText('Use a full http(s) address.')).toBeTruthy();

    type('Text', 'Free Invisalign consultations all December.');
    type('Kind of post', 'EVENT');
    type('Starts', '2026-12-05T18:00');
    type('Ends', '2026-12-05T21:00');
    type('Button', '');
    click('Publish');
    expect(await screen.findByText('Give the event a title.')).toBeTruthy();
    // With no button the link's field is hidden, and what is hidden is not sent.
    expect(screen.queryByText('Choose the button the link goes with.')).toBeNull();
    expect(posts(api)).toEqual([]);
  });

  it('publishes a Google update with its button, and hands back the stored post', async () => {
    const { api, onDone } = compose('google');
    await form();
    type('Text', 'Free Invisalign consultations all December.');
    type('Button', 'BOOK');
    type('Button link', 'https://harborsmiles.example.com/book');
    click('Publish');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(posts(api)).toEqual([
      {
        topicType: 'STANDARD',
        summary: 'Free Invisalign consultations all December.',
        ctaType: 'BOOK',
        ctaUrl: 'https://harborsmiles.example.com/book',
        event: null,
        offer: null,
        imageId: null,
        mediaUrl: null,
        action: 'publish',
        scheduledFor: null,
        idempotencyKey: expect.stringMatching(/^[\w-]{8,100}$/),
      },
    ]);
    expect(onDone.mock.calls[0]?.[0]).toMatchObject({ id: 4_411, state: 'publishing' });
  });

  it('schedules an offer with its dates, coupon and terms', async () => {
    const { api } = compose('google');
    await form();
    type('Kind of post', 'OFFER');
    type('Text', 'Whitening for $199 through New Year’s Eve.');
    type('Title', 'Holiday whitening special');
    type('Starts', '2026-12-01T09:00');
    type('Ends', '2026-11-30T17:00');
    type('Coupon code (optional)', 'SMILE199');
    type('Terms (optional)', 'New patients only.');
    fireEvent.click(screen.getByLabelText('Schedule'));
    type('Publish at (America/Chicago time)', '2026-12-01T08:30');
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeTruthy();
    click('Schedule');
    expect(await screen.findByText('The end must be after the start.')).toBeTruthy();

    type('Ends', '2026-12-31T17:00');
    click('Schedule');
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]).toMatchObject({
      topicType: 'OFFER',
      event: {
        title: 'Holiday whitening special',
        start: '2026-12-01T09:00',
        end: '2026-12-31T17:00',
      },
      offer: { couponCode: 'SMILE199', redeemUrl: '', terms: 'New patients only.' },
      action: 'schedule',
      scheduledFor: '2026-12-01T08:30',
    });
  });

  it('writes a Facebook post: plain text with an optional link, under Facebook’s limit', async () => {
    const { api } = compose('facebook');
    await form();
    expect(screen.queryByLabelText('Kind of post')).toBeNull();
    expect(screen.queryByLabelText('Button')).toBeNull();
    expect(
      screen.queryByRole('button', { name: 'Or choose one of the profile photos' }),
    ).toBeNull();
    expect(screen.getByText('0 of 63,206 characters')).toBeTruthy();
    type('Text', 'We are open the Saturday after Thanksgiving!');
    type('Link (optional)', 'https://harborsmiles.example.com/hours');
    fireEvent.click(screen.getByLabelText('Save as draft'));
    click('Save draft');
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(api.calls.at(-1)?.path).toBe('/api/uni/products/socialposts/facebook/22');
    expect(posts(api)[0]).toMatchObject({
      topicType: 'STANDARD',
      ctaType: null,
      ctaUrl: 'https://harborsmiles.example.com/hours',
      action: 'draft',
    });
  });

  it('uploads a picture for the post, or takes one of the profile’s photos', async () => {
    const { api } = compose('google');
    await form();
    const picture = screen.getByLabelText('Picture (JPEG, PNG or WebP, up to 10 MB)');
    fireEvent.change(picture, {
      target: {
        files: [new File([new Uint8Array([1, 2, 3])], 'smile.png', { type: 'image/png' })],
      },
    });
    const preview = await screen.findByRole('img', { name: 'Chosen for the post' });
    expect(preview.getAttribute('src')).toBe('/api/uni/client/4/images/7788');
    expect(api.calls.filter((c) => c.path === '/api/uni/client/4/images')).toHaveLength(1);

    click('Or choose one of the profile photos');
    fireEvent.click(await screen.findByRole('button', { name: 'Team: Dr. Patel and the team' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Chosen for the post' }).getAttribute('src')).toBe(
        teamPhoto.imageUrl,
      ),
    );
    type('Text', 'Meet the team behind your new smile.');
    click('Publish');
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]).toMatchObject({ imageId: null, mediaUrl: teamPhoto.vendorUrl });
  });

  it('edits a scheduled post in place', async () => {
    const post = {
      ...saved(
        {
          summary: 'Closed Thanksgiving Day.',
          action: 'schedule',
          scheduledFor: '2026-11-26T08:00',
        },
        4_400,
      ),
      state: 'scheduled' as const,
    };
    const { api } = compose('google', {}, post);
    await screen.findByRole('form', { name: 'Edit post' });
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe(
      'Closed Thanksgiving Day.',
    );
    expect(
      (screen.getByLabelText('Publish at (America/Chicago time)') as HTMLInputElement).value,
    ).toBe('2026-11-26T08:00');
    type('Text', 'Closed Thanksgiving Day and the day after.');
    click('Schedule');
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    const call = api.calls.at(-1);
    expect([call?.method, call?.path, call?.data.scheduledFor]).toEqual([
      'PUT',
      '/api/uni/products/socialposts/21/4400',
      '2026-11-26T08:00',
    ]);
  });

  it('puts the server’s field problems on their fields, and other failures in an alert', async () => {
    let answer = reply(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the post.',
        details: [
          { path: 'body.scheduledFor', message: 'Schedule at least 10 seconds ahead.' },
          { path: 'body.mediaUrl', message: 'The image must be an https address.' },
        ],
      },
    });
    compose('google', { 'POST /api/uni/products/socialposts/:productId': () => answer });
    await form();
    type('Text', 'Free Invisalign consultations all December.');
    fireEvent.click(screen.getByLabelText('Schedule'));
    click('Schedule');
    expect(await screen.findByText('Schedule at least 10 seconds ahead.')).toBeTruthy();
    expect(screen.getByText('The image must be an https address.')).toBeTruthy();
    expect(screen.queryByText('Check the post.')).toBeNull();

    answer = replyError(409, 'CONFLICT', 'The profile is being synced; try again in a minute.');
    click('Schedule');
    expect(
      await screen.findByText('The profile is being synced; try again in a minute.'),
    ).toBeTruthy();
  });

  // Each problem shows under its own field: the event's title, its start and its end.
  it('names a missing event title even when the dates are missing too', async () => {
    compose('google');
    await form();
    type('Text', 'Open house for new patients.');
    type('Kind of post', 'EVENT');
    click('Publish');
    expect(await screen.findByText('Give the event a title.')).toBeTruthy();
  });

  // A link typed before "Call now" was chosen is not sent: a call button takes no link.
  it('drops a link typed before "Call now" was chosen, and publishes', async () => {
    const { api } = compose('google');
    await form();
    type('Text', 'Tooth pain? Call us, we see emergencies the same day.');
    type('Button', 'LEARN_MORE');
    type('Button link', 'https://harborsmiles.example.com/emergency');
    type('Button', 'CALL');
    click('Publish');
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]).toMatchObject({ ctaType: 'CALL', ctaUrl: null });
    expect(within(document.body).queryByText(/calls the profile’s phone: no link/)).toBeNull();
  });
});

import type { QaList, QaQuestion } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { qaListQuery } from '../api/get-questions';
import { localToday } from '../qa-format';
import { QaDashboard } from './qa-dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const question = (over: Partial<QaQuestion>): QaQuestion => ({
  id: 901,
  authorName: 'Jessica M.',
  text: 'Do you take walk-in emergencies on Saturdays?',
  askedAt: '2026-10-02T15:20:00.000Z',
  upvotes: 3,
  origin: 'demo',
  recordedBy: null,
  answerText: null,
  answerState: 'none',
  answeredBy: null,
  answeredAt: null,
  confirmedBy: null,
  confirmedAt: null,
  ...over,
});

const unanswered = question({});
const toPublish = question({
  id: 902,
  authorName: 'Marcus T.',
  text: 'Is there parking for patients?',
  upvotes: 1,
  origin: 'recorded',
  recordedBy: 'Dana Staff',
  answerText: 'Yes, free parking behind the building on Lamar Blvd.',
  answerState: 'to_publish',
  answeredBy: 'Olivia Owner',
  answeredAt: '2026-10-05T09:00:00.000Z',
});

const list = (over: Partial<QaList> = {}): QaList => ({
  items: [unanswered, toPublish],
  total: 2,
  page: 1,
  pageSize: 20,
  counts: { all: 14, unanswered: 5, to_publish: 2, live: 7 },
  businessName: 'Bright Dental Austin',
  connected: true,
  staff: false,
  ...over,
});

const LIST = 'GET /api/uni/products/googleqa/:productId';
const gets = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'GET');

describe('the Q&A list', () => {
  it('filters by answer state and text, and pages through the questions', async () => {
    const api = fakeApi({
      [LIST]: ({ query }) =>
        query.get('q') === 'valet'
          ? list({ items: [], total: 0 })
          : list({ total: 45, page: Number(query.get('page')) }),
    });
    renderWithApp(<QaDashboard productId={77} companyId={42} />);
    expect(await screen.findByText('Do you take walk-in emergencies on Saturdays?')).toBeTruthy();
    expect(screen.getByText(/Asked by Jessica M\. on 10\/02\/2026 · 3 upvotes/)).toBeTruthy();
    expect(screen.getByText(/1 upvote · recorded by Dana Staff/)).toBeTruthy();
    expect(screen.getByText(/waiting for the agency to put it on Google/)).toBeTruthy();

    const tabs = screen.getByRole('group', { name: 'Answer state' });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Unanswered (5)', 'To publish on Google (2)', 'Live on Google (7)', 'All (14)']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(gets(api.calls).at(-1)?.query.get('page')).toBe('2');

    // A new filter starts again at page 1.
    fireEvent.click(within(tabs).getByRole('button', { name: 'Unanswered (5)' }));
    await waitFor(() => expect(screen.getByText('Page 1 of 3')).toBeTruthy());
    expect(gets(api.calls).at(-1)?.query.toString()).toBe('state=unanswered&page=1&pageSize=20');
    expect(
      within(tabs).getByRole('button', { name: 'Unanswered (5)' }).getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.change(screen.getByLabelText('Search questions and answers'), {
      target: { value: '  valet ' },
    });
    expect(await screen.findByText('No questions match these filters.')).toBeTruthy();
    expect(gets(api.calls).at(-1)?.query.get('q')).toBe('valet');
  });

  it('says so when no profile is connected, and offers staff nothing to record', async () => {
    fakeApi({ [LIST]: () => list({ items: [], total: 0, connected: false, staff: true }) });
    renderWithApp(<QaDashboard productId={77} companyId={42} />);
    expect(await screen.findByText(/No Business Profile location is connected/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record a question' })).toBeNull();
    expect(screen.queryByText('No questions on the profile yet.')).toBeNull();
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    fakeApi({ [LIST]: () => replyError(503, 'SERVICE_UNAVAILABLE', 'Q&A is resting.') });
    renderWithApp(<QaDashboard productId={77} companyId={42} />);
    expect(
      await screen.findByText(/The questions could not be loaded: Q&A is resting\./),
    ).toBeTruthy();
  });
});

describe('staff on the Q&A page', () => {
  it('record a question: the server’s messages show under their fields, then it is saved', async () => {
    const answers = [
      reply(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the fields.',
          details: [{ path: 'body.authorName', message: 'Give the name the profile shows.' }],
        },
      }),
      replyError(503, 'SERVICE_UNAVAILABLE', 'Try again in a minute.'),
    ];
    const api = fakeApi({
      [LIST]: () => list({ staff: true }),
      'POST /api/uni/products/googleqa/:productId': ({ data }) =>
        answers.shift() ??
        question({ id: 903, authorName: String(data.authorName), origin: 'recorded' }),
    });
    renderWithApp(<QaDashboard productId={77} companyId={42} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Record a question' }));
    expect((screen.getByLabelText('Asked on') as HTMLInputElement).value).toBe(localToday());
    fireEvent.change(screen.getByLabelText('Question'), {
      target: { value: ' Do you offer Invisalign? ' },
    });
    // The count is of the trimmed text.
    expect(screen.getByText('24 / 300 characters')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Record question' }));
    expect(await screen.findByText('Give the name the profile shows.')).toBeTruthy();
    expect(screen.getByLabelText('Name shown on the profile').className).toContain('is-invalid');
    expect(screen.queryByText(/The question was not recorded/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Name shown on the profile'), {
      target: { value: 'Priya K.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record question' }));
    expect(
      await screen.findByText(/The question was not recorded: Try again in a minute\./),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Record question' }));
    expect(await screen.findByText('The question is recorded.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.data).toEqual({
      authorName: 'Priya K.',
      text: ' Do you offer Invisalign? ',
      askedOn: localToday(),
    });
    expect(screen.queryByLabelText('Question')).toBeNull();
  });
});

describe('Q&A helpers', () => {
  it('qaListQuery asks for the state and page, and a trimmed search only when there is one', () => {
    expect(qaListQuery({ state: 'live', q: '   ', page: 3 })).toBe('state=live&page=3&pageSize=20');
    expect(qaListQuery({ state: 'all', q: ' parking lot ', page: 1 })).toBe(
      'state=all&page=1&pageSize=20&q=parking+lot',
    );
  });

  it('localToday writes the local day with two-digit month and day', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

import {
  GEMINI_PEER_ANSWER,
  GEMINI_PEER_KEY,
  type RunningGeminiPeer,
  startGeminiPeer,
} from '@pinpoint/fake-vendors/gemini-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VendorError } from '../kernel/vendor-errors';
import { createGeminiLlm } from './gemini-llm';
import type { ReviewReplyPrompt } from './port';

let peer: RunningGeminiPeer;
const calls: [string, boolean][] = [];

beforeAll(async () => {
  peer = await startGeminiPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.reset();
  calls.length = 0;
});

const REVIEW: ReviewReplyPrompt = {
  businessName: 'Peer Plumbing',
  reviewerName: 'Dana Whitfield',
  rating: 5,
  recommendation: null,
  comment: 'Quick, tidy and friendly.',
  source: 'google',
};

function gemini(apiKey = GEMINI_PEER_KEY, model?: string) {
  return createGeminiLlm({
    apiKey,
    model,
    baseUrl: peer.base,
    timeoutMs: 2_000,
    recordCall: async (name, ok) => {
      calls.push([name, ok]);
    },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<VendorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
}

interface SentBody {
  contents: { role: string; parts: { text: string }[] }[];
  systemInstruction: { parts: { text: string }[] };
  generationConfig: Record<string, unknown>;
}

describe('Gemini drafts, against a local server in the generateContent shape', () => {
  it('posts the documented request with the key in a header, and returns the text', async () => {
    const draft = await gemini().draftReviewReply(REVIEW);
    expect(draft).toBe(GEMINI_PEER_ANSWER);
    const [sent] = peer.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent?.url).not.toContain(GEMINI_PEER_KEY);
    expect(sent?.headers['x-goog-api-key']).toBe(GEMINI_PEER_KEY);
    const body = sent?.body as SentBody;
    expect(body.contents).toHaveLength(1);
    expect(body.contents[0]?.role).toBe('user');
    const prompt = body.contents[0]?.parts[0]?.text ?? '';
    expect(prompt).toContain('Business: Peer Plumbing');
    expect(prompt).toContain('Reviewer: Dana Whitfield');
    expect(prompt).toContain('5 of 5 stars');
    expect(prompt).toContain('Quick, tidy and friendly.');
    expect(body.systemInstruction.parts[0]?.text).toMatch(/Never invent facts/);
    expect(body.generationConfig).toEqual({
      temperature: 0.4,
      maxOutputTokens: 400,
      thinkingConfig: { thinkingBudget: 0 },
    });
    expect(calls).toEqual([['gemini', true]]);
  });

  it('uses the configured model, and leaves thinking alone for models that need it', async () => {
    await gemini(GEMINI_PEER_KEY, 'gemini-2.0-flash').draftReviewReply({
      ...REVIEW,
      rating: null,
      recommendation: 'negative',
      source: 'facebook',
    });
    const sent = peer.requests[0];
    expect(sent?.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    const body = sent?.body as SentBody;
    expect(body.generationConfig).toEqual({ temperature: 0.4, maxOutputTokens: 400 });
    expect(body.contents[0]?.parts[0]?.text).toContain('does not recommend the business');
  });

  it('trims a draft that runs long to whole sentences within 600 characters', async () => {
    peer.answer = `"${'Thank you for the review. '.repeat(40)}"`;
    const draft = await gemini().draftReviewReply(REVIEW);
    expect(draft.length).toBeLessThanOrEqual(600);
    expect(draft.endsWith('review.')).toBe(true);
    expect(draft.startsWith('"')).toBe(false);
  });

  it('says clearly when the prompt is blocked, the answer refused, or empty', async () => {
    peer.next = ['blockedPrompt', 'safety', 'empty'];
    const blocked = await failureOf(gemini().draftReviewReply(REVIEW));
    expect(blocked.code).toBe('invalid');
    expect(blocked.message).toBe('Gemini blocked the prompt (SAFETY); write this reply by hand.');
    const refused = await failureOf(gemini().draftReviewReply(REVIEW));
    expect(refused.message).toBe('Gemini declined to draft this reply (SAFETY); write it by hand.');
    const empty = await failureOf(gemini().draftReviewReply(REVIEW));
    expect(empty.message).toBe('Gemini returned no draft (MAX_TOKENS); write this reply by hand.');
    // Each was an answered request (2xx), counted as such.
    expect(calls.map(([, ok]) => ok)).toEqual([true, true, true]);
  });

  it('maps a wrong key to auth without showing it, quota to rate_limited, overload to unavailable', async () => {
    const wrong = await failureOf(gemini('wrong-key-123456').draftReviewReply(REVIEW));
    expect(wrong.code).toBe('auth');
    expect(JSON.stringify({ m: wrong.message, wrong })).not.toContain('wrong-key-123456');
    peer.next = ['quota', 'overloaded'];
    const quota = await failureOf(gemini().draftReviewReply(REVIEW));
    expect(quota.code).toBe('rate_limited');
    expect(quota.retryAfterMs).toBe(37_000);
    const overloaded = await failureOf(gemini().draftReviewReply(REVIEW));
    expect(overloaded.code).toBe('unavailable');
    expect(overloaded.retryable).toBe(true);
    expect(calls.map(([, ok]) => ok)).toEqual([false, false, false]);
  });

  it('times out a slow answer as unavailable', async () => {
    peer.delayMs = 500;
    const slow = await failureOf(
      createGeminiLlm({
        apiKey: GEMINI_PEER_KEY,
        baseUrl: peer.base,
        timeoutMs: 100,
        recordCall: async () => {},
      }).draftReviewReply(REVIEW),
    );
    expect(slow.code).toBe('unavailable');
    expect(slow.message).toBe('Gemini did not answer within 0.1 s.');
  });
});

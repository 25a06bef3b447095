import {
  GEMINI_PEER_KEY,
  type RunningGeminiPeer,
  startGeminiPeer,
} from '@pinpoint/fake-vendors/gemini-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VendorError } from '../kernel/vendor-errors';
import { createGeminiLlm } from './gemini-llm';
import type { SalesRecommendationPrompt } from './port';

let peer: RunningGeminiPeer;
beforeAll(async () => {
  peer = await startGeminiPeer();
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const gemini = () =>
  createGeminiLlm({
    apiKey: GEMINI_PEER_KEY,
    baseUrl: peer.base,
    timeoutMs: 2_000,
    recordCall: async () => {},
  });

const PROSPECT: SalesRecommendationPrompt = {
  businessName: 'Peer Plumbing',
  category: 'Plumber',
  rating: 4.2,
  reviewCount: 31,
  grids: [
    {
      keyword: 'plumber',
      size: 7,
      radius: 3,
      unit: 'mi',
      points: 49,
      top3Points: 4,
      foundPoints: 20,
      atrp: 14.2,
      solv: 8.2,
      areas: [{ area: 'north', points: 9, top3: 4, found: 9 }],
      top3Within: 1,
      leaders: [{ name: 'Acme Plumbing', top3Points: 30, strongestArea: 'south-east' }],
    },
  ],
  competitors: [
    {
      name: 'Acme Plumbing',
      top3Points: 30,
      points: 45,
      averageRank: 2.1,
      strongestArea: 'south-east',
    },
  ],
  listings: null,
  pageSpeed: null,
};

const DRAFT = {
  kind: 'weak-area',
  title: 'Win the south-east',
  body: 'Ranks 1–3 at only 4 of 49 points; a service-area post and LSA for the south-east.',
  evidence: ['Ranks 1–3 at 4 of 49 points for “plumber”'],
};

interface SentBody {
  contents: { parts: { text: string }[] }[];
  generationConfig: Record<string, unknown>;
}

describe('Gemini prospect recommendations, against the generateContent peer', () => {
  it('asks for JSON with the measured data and reads the list it answers', async () => {
    peer.answer = JSON.stringify({ recommendations: [DRAFT] });
    const drafts = await gemini().draftSalesRecommendations(PROSPECT);
    expect(drafts).toEqual([DRAFT]);
    const body = peer.requests[0]?.body as SentBody;
    expect(body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      maxOutputTokens: 2048,
    });
    const prompt = body.contents[0]?.parts[0]?.text ?? '';
    expect(prompt).toContain('Business: Peer Plumbing');
    expect(prompt).toContain('"top3Points": 4');
    expect(prompt).toContain('Acme Plumbing');
  });

  it('reads a fenced answer too', async () => {
    peer.answer = `\`\`\`json\n${JSON.stringify({ recommendations: [DRAFT] })}\n\`\`\``;
    expect(await gemini().draftSalesRecommendations(PROSPECT)).toHaveLength(1);
  });

  it('refuses garbage and lists of the wrong shape with a clear vendor error', async () => {
    for (const answer of [
      'Here are some ideas: post more.',
      JSON.stringify({ recommendations: [{ ...DRAFT, kind: 'magic' }] }),
      JSON.stringify({ recommendations: [{ ...DRAFT, evidence: [] }] }),
      JSON.stringify({ recommendations: [] }),
    ]) {
      peer.answer = answer;
      const error = await gemini()
        .draftSalesRecommendations(PROSPECT)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(VendorError);
      expect((error as VendorError).message).toBe(
        'Gemini answered with recommendations that could not be read; draft again or write them by hand.',
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createDemoDrafter, draftDemoReply } from './demo-drafter';
import type { ReviewReplyPrompt } from './port';

const REVIEW: ReviewReplyPrompt = {
  businessName: 'Peak Plumbing',
  reviewerName: 'Dana Whitfield',
  rating: 5,
  recommendation: null,
  comment: 'Showed up right on time and the price was fair.',
  source: 'google',
};

describe('demo drafter', () => {
  it('is deterministic: the same review gives the same draft', async () => {
    const drafter = createDemoDrafter();
    expect(drafter).toMatchObject({ name: 'demo', mode: 'demo' });
    const first = await drafter.draftReviewReply(REVIEW);
    expect(await drafter.draftReviewReply({ ...REVIEW })).toBe(first);
  });

  it('thanks a five-star reviewer by first name, echoes the topics, and signs with the business', () => {
    const draft = draftDemoReply(REVIEW);
    expect(draft).toContain('Dana');
    expect(draft).not.toContain('Whitfield');
    expect(draft).toMatch(/thank/i);
    expect(draft).not.toMatch(/sorry|apolog/i);
    expect(draft).toContain('timing');
    expect(draft).toContain('pricing');
    expect(draft.endsWith('- Peak Plumbing')).toBe(true);
  });

  it('apologises for a one-star review and invites the reviewer to get in touch', () => {
    const draft = draftDemoReply({
      ...REVIEW,
      rating: 1,
      comment: 'Two hours late and the bill was double the quote. The tech was rude.',
    });
    expect(draft).toMatch(/sorry|apologise/i);
    expect(draft).toMatch(/contact us|get in touch/i);
    expect(draft).toContain('Dana');
    expect(draft).not.toMatch(/wonderful|thrilled/i);
  });

  it('stays neutral for three stars and reads a Facebook recommendation', () => {
    const neutral = draftDemoReply({ ...REVIEW, rating: 3, comment: 'It was okay.' });
    expect(neutral).toMatch(/feedback|experience/i);
    expect(neutral).not.toMatch(/sorry|wonderful/i);
    const negative = draftDemoReply({
      ...REVIEW,
      rating: null,
      recommendation: 'negative',
      source: 'facebook',
      comment: 'Nobody returned my calls.',
    });
    expect(negative).toMatch(/sorry/i);
    expect(negative).toContain('hard to reach');
  });

  it('does not address a handle or an anonymous reviewer by name, and invents nothing', () => {
    expect(draftDemoReply({ ...REVIEW, reviewerName: 'A Google user' })).toMatch(
      /^Thank you so much for|^Thank you, we|^Thanks a lot, reviews/,
    );
    const handle = draftDemoReply({ ...REVIEW, reviewerName: 'jdoe1987', comment: '' });
    expect(handle).not.toContain('jdoe');
    // An empty review gets no topic sentences: only an opening, a closing and the signature.
    expect(handle.split('\n')[0]?.split(/[.!]\s/).length).toBeLessThanOrEqual(3);
    expect(handle).not.toMatch(/\d/);
  });

  it('stays under 600 characters whatever the review', () => {
    const long = draftDemoReply({
      ...REVIEW,
      businessName: 'B'.repeat(700),
      comment: 'late price clean friendly quality communication '.repeat(50),
    });
    expect(long.length).toBeLessThanOrEqual(600);
    for (const rating of [1, 2, 3, 4, 5]) {
      const draft = draftDemoReply({
        ...REVIEW,
        rating,
        comment: 'Late, pricey, messy, rude, had to redo it, never called back.',
      });
      expect(draft.length).toBeLessThan(600);
    }
  });
});

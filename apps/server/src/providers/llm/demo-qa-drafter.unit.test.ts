import { describe, expect, it } from 'vitest';
import { createDemoDrafter } from './demo-drafter';
import { draftDemoQaAnswer } from './demo-qa-drafter';
import type { QaAnswerPrompt } from './port';

const QUESTION: QaAnswerPrompt = {
  businessName: 'Peak Plumbing',
  trade: 'Plumber',
  question: 'How much does a water heater cost, and are you open on Saturdays?',
};

describe('demo Q&A drafter', () => {
  it('is deterministic: the same question gives the same answer', async () => {
    const drafter = createDemoDrafter();
    const first = await drafter.draftQaAnswer(QUESTION);
    expect(await drafter.draftQaAnswer({ ...QUESTION })).toBe(first);
    expect(first).not.toBe(draftDemoQaAnswer({ ...QUESTION, question: 'Do you do lockouts?' }));
  });

  it('answers the topics asked about, invents no facts, and signs with the business', () => {
    const draft = draftDemoQaAnswer(QUESTION);
    expect(draft).toMatch(/quote|price/i);
    expect(draft).toMatch(/hours/i);
    // No figure, time or phone number the demo could not know.
    expect(draft).not.toMatch(/\d/);
    expect(draft.endsWith('\n- Peak Plumbing')).toBe(true);
  });

  it('invites a call when it finds no topic, and stays short with a very long name', () => {
    expect(draftDemoQaAnswer({ ...QUESTION, question: 'Quelle est votre spécialité ?' })).toMatch(
      /call|reach out/i,
    );
    const long = draftDemoQaAnswer({ ...QUESTION, businessName: 'B'.repeat(900) });
    expect(long.length).toBeLessThanOrEqual(600);
  });
});

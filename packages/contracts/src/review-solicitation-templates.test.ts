import { describe, expect, it } from 'vitest';
import {
  describeSmsSegments,
  gatingPhrase,
  hasStopWording,
  smsSegments,
  solicitationTemplateInputSchema,
} from './review-solicitation-templates';

describe('smsSegments', () => {
  it('is one GSM-7 segment up to 160 characters, two from 161', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      characters: 160,
      segments: 1,
      perSegment: 160,
    });
    expect(smsSegments('a'.repeat(161))).toEqual({
      encoding: 'GSM-7',
      characters: 161,
      segments: 2,
      perSegment: 153,
    });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts GSM extension characters (€, ^, {, }) as two septets', () => {
    expect(smsSegments('€')).toMatchObject({ encoding: 'GSM-7', characters: 2, segments: 1 });
    expect(smsSegments('^')).toMatchObject({ encoding: 'GSM-7', characters: 2 });
    // 159 + one escape pair = 161 septets: two parts.
    expect(smsSegments(`${'a'.repeat(159)}€`)).toMatchObject({ characters: 161, segments: 2 });
    expect(smsSegments(`${'a'.repeat(158)}€`)).toMatchObject({ characters: 160, segments: 1 });
    // An escape pair is never split across parts: 152 + € does not fit in 153.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({
      characters: 164,
      segments: 2,
    });
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`).segments).toBe(3);
  });

  it('switches to UCS-2 for an emoji or a character outside GSM, counting UTF-16 units', () => {
    expect(smsSegments('Thanks 🙂')).toEqual({
      encoding: 'UCS-2',
      characters: 9,
      segments: 1,
      perSegment: 70,
    });
    expect(smsSegments('ą'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments('ą'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    // A surrogate pair is never split: 66 units + 🙂 (2) do not fit in 67.
    expect(smsSegments(`${'ą'.repeat(66)}🙂${'ą'.repeat(10)}`)).toMatchObject({
      characters: 78,
      segments: 2,
    });
    expect(smsSegments(`${'ą'.repeat(66)}🙂${'ą'.repeat(66)}`).segments).toBe(3);
  });

  it('keeps accented letters of the GSM alphabet in GSM-7', () => {
    expect(smsSegments('Café à Åsa, Ñoño ü').encoding).toBe('GSM-7');
    expect(smsSegments('naïve').encoding).toBe('UCS-2');
  });

  it('answers zero segments for an empty text and describes the count', () => {
    expect(smsSegments('').segments).toBe(0);
    expect(describeSmsSegments(smsSegments('a'.repeat(171)))).toBe(
      '2 segments · GSM-7 · 171 characters',
    );
    expect(describeSmsSegments(smsSegments('a'))).toBe('1 segment · GSM-7 · 1 character');
  });
});

const good = {
  name: 'Thank you',
  smsBody:
    'Hi {first_name}, thanks for choosing {business}! Review us: {review_link} Reply STOP to opt out.',
  emailSubject: 'How did we do, {first_name}?',
  emailBody: 'Hi {first_name},\n\nPlease tell others about {business}: {review_link}',
};
const messages = (input: Record<string, unknown>) => {
  const parsed = solicitationTemplateInputSchema.safeParse({ ...good, ...input });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('template validation', () => {
  it('accepts a complete template', () => {
    expect(messages({})).toEqual([]);
  });

  it('requires every field, within its length', () => {
    expect(messages({ name: ' ' })).toEqual(['name: Enter a name for the template.']);
    expect(messages({ emailSubject: '' })).toEqual(['emailSubject: Enter the email subject.']);
    expect(messages({ smsBody: `{review_link} ${'a'.repeat(700)}` })[0]).toMatch(
      /^smsBody: Use at most 612 characters/,
    );
  });

  it('refuses unknown placeholders, naming them', () => {
    expect(messages({ smsBody: 'Hi {firstname} {review_link}' })).toEqual([
      'smsBody: Unknown placeholder {firstname} in the SMS text; use {first_name}, {last_name}, {business}, {review_link}.',
    ]);
    expect(messages({ emailSubject: 'Hi {name}' })[0]).toMatch(/Unknown placeholder \{name\}/);
  });

  it('needs the review link in the SMS and the email', () => {
    expect(messages({ smsBody: 'Hi {first_name}, please review us.' })).toEqual([
      'smsBody: Put {review_link} in the SMS text, so the customer can leave the review.',
    ]);
    expect(messages({ emailBody: 'Hello' })[0]).toMatch(/^emailBody: Put \{review_link\}/);
  });

  it('refuses wording that asks only happy customers (review gating)', () => {
    expect(gatingPhrase('If you were happy with us, leave a review')).toBe('If you were happy');
    expect(gatingPhrase('If you had a great experience')).toBe('If you had a great');
    expect(gatingPhrase('Tell us how we did')).toBeNull();
    expect(messages({ emailBody: 'If you were happy, review us: {review_link}' })[0]).toMatch(
      /Ask every customer the same way/,
    );
  });

  it('recognises STOP wording', () => {
    expect(hasStopWording(good.smsBody)).toBe(true);
    expect(hasStopWording('Review us {review_link}')).toBe(false);
  });
});

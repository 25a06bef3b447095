import { describe, expect, it } from 'vitest';
import { replyWords, type SmsKeyword, smsKeyword } from './sms-keywords';

/** Replies people send to a review request, and what each asks for. */
const REPLIES: [string, SmsKeyword][] = [
  // The carriers' keywords, whatever the case, punctuation or spacing.
  ['STOP', 'opt_out'],
  ['stop', 'opt_out'],
  ['Stop!', 'opt_out'],
  ['stop.', 'opt_out'],
  ['  STOP  ', 'opt_out'],
  ['STOP ALL', 'opt_out'],
  ['STOPALL', 'opt_out'],
  ['Unsubscribe', 'opt_out'],
  ['CANCEL', 'opt_out'],
  ['cancel please', 'opt_out'],
  ['End', 'opt_out'],
  ['quit', 'opt_out'],
  ['REVOKE', 'opt_out'],
  ['OPT OUT', 'opt_out'],
  ['opt-out', 'opt_out'],
  ['optout', 'opt_out'],
  ['Ｓｔｏｐ', 'opt_out'],
  ['STOP 🙏', 'opt_out'],
  // Plain words that ask to stop, in a short reply.
  ['Please stop texting me', 'opt_out'],
  ['pls stop', 'opt_out'],
  ["Don't text me again", 'opt_out'],
  ['do not contact me', 'opt_out'],
  ['Remove me from your list', 'opt_out'],
  ['take me off this list', 'opt_out'],
  ['No more texts!', 'opt_out'],
  ['Yes, stop', 'opt_out'],
  // Opting back in, and help.
  ['START', 'opt_in'],
  ['start', 'opt_in'],
  ['Unstop', 'opt_in'],
  ['YES', 'opt_in'],
  ['yes!', 'opt_in'],
  ['HELP', 'help'],
  ['help?', 'help'],
  ['info', 'help'],
  // Neither: conversation, thanks, a review that mentions stopping at length.
  ['Thanks!', null],
  ['Who is this?', null],
  ['Yes I will leave a review', null],
  ['The crew did great, we could not stop talking about how clean the kitchen looked after', null],
  ['', null],
  ['👍', null],
];

describe('what an inbound text asks for', () => {
  it.each(REPLIES)('%j → %s', (reply, expected) => {
    expect(smsKeyword(reply)).toBe(expected);
  });

  it('covers at least thirty replies, each way', () => {
    expect(REPLIES.length).toBeGreaterThanOrEqual(30);
    const kinds = new Set(REPLIES.map(([, kind]) => kind));
    expect(kinds).toEqual(new Set(['opt_out', 'opt_in', 'help', null]));
  });

  it('reads the words without case, punctuation or spacing', () => {
    expect(replyWords(" Don't  STOP-all, opt out! ")).toEqual(['DONT', 'STOPALL', 'OPTOUT']);
    expect(replyWords('...')).toEqual([]);
  });
});

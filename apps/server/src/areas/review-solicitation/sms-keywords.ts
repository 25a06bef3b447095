import { HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from '@pinpoint/contracts';

export type SmsKeyword = 'opt_out' | 'opt_in' | 'help' | null;

const OPT_OUT: ReadonlySet<string> = new Set(OPT_OUT_KEYWORDS);
const OPT_IN: ReadonlySet<string> = new Set(OPT_IN_KEYWORDS);
const HELP: ReadonlySet<string> = new Set(HELP_KEYWORDS);

/**
 * A reply of at most this many words that asks to stop in plain words is an opt-out: "please
 * stop texting me". A longer text that only mentions stopping is a conversation, not a request.
 */
const SHORT_REPLY_WORDS = 8;

/** Plain-word ways of asking to stop, matched on the normalised words of a short reply. */
const ASKS_TO_STOP = [
  /\bSTOP\b/,
  /\bUNSUBSCRIBE\b/,
  /\bOPTOUT\b/,
  /\bREMOVE ME\b/,
  /\bTAKE ME OFF\b/,
  /\bDO ?N ?O?T (TEXT|MESSAGE|CONTACT|SEND)\b/,
  /\bNO MORE (TEXTS?|MESSAGES?)\b/,
  /\bLEAVE ME ALONE\b/,
];

/**
 * The words of a reply, upper case, without punctuation or emoji: "Stop!" → "STOP",
 * "opt-out" and "OPT OUT" → "OPTOUT", "STOP ALL" → "STOPALL", "don't" → "DONT".
 */
export function replyWords(body: string): string[] {
  const text = body
    .normalize('NFKC')
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .replace(/\bOPT OUT\b/g, 'OPTOUT')
    .replace(/\bSTOP ALL\b/g, 'STOPALL');
  return text ? text.split(' ') : [];
}

/**
 * What an inbound text asks for, by intent rather than by exact spelling. A carrier keyword
 * as the whole reply or its first word counts ("Stop!", "STOP ALL", "cancel please"); a short
 * reply that asks to stop in plain words is an opt-out too. When a reply could be read both
 * ways, stopping wins: a text the person did not want costs far more than one they did.
 */
export function smsKeyword(body: string): SmsKeyword {
  const words = replyWords(body);
  const first = words[0];
  if (first === undefined) return null;
  const whole = words.join(' ');
  if (OPT_OUT.has(first)) return 'opt_out';
  if (words.length <= SHORT_REPLY_WORDS && ASKS_TO_STOP.some((asks) => asks.test(whole))) {
    return 'opt_out';
  }
  if (OPT_IN.has(whole) || first === 'START' || first === 'UNSTOP') return 'opt_in';
  if (HELP.has(whole) || first === 'HELP') return 'help';
  return null;
}

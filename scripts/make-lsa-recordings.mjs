#!/usr/bin/env node
/**
 * Makes the demo Local Services Ads call recordings once, for a developer (never at
 * `npm start` or `npm test`): espeak-ng speaks a short customer call per trade, and
 * @breezystack/lamejs (a pure JavaScript LAME port) encodes it to a mono 24 kbps MP3.
 * The files are committed under apps/server/assets/lsa-recordings/, so the demo plays
 * real audio without any system package.
 *
 *   apt-get install espeak-ng   # once, on the developer's machine
 *   node scripts/make-lsa-recordings.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Mp3Encoder } from '@breezystack/lamejs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/assets/lsa-recordings');
const SAMPLE_RATE = 22_050; // espeak-ng's native rate; MPEG-2 layer III takes it as it is
const KBPS = 24;

/** One call per trade; the file name is what the demo adapter refers to. */
export const CALLS = [
  {
    file: 'plumbing.mp3',
    voice: 'en-us+f3',
    text: 'Hi, I found you on Google. My water heater is leaking all over the garage floor. Could someone come out today? My number is on the lead. Thanks.',
  },
  {
    file: 'dental.mp3',
    voice: 'en-us+f2',
    text: 'Hello, I saw your office on Google. I have a cracked tooth and it really hurts. Do you take new patients this week, and do you accept my insurance?',
  },
  {
    file: 'hvac.mp3',
    voice: 'en-us+m3',
    text: 'Hi there, my air conditioner stopped blowing cold air last night. It is a ten year old unit. Can you send a technician tomorrow morning?',
  },
  {
    file: 'legal.mp3',
    voice: 'en-us+m2',
    text: 'Good afternoon. I was in a car accident last week and the other driver was not insured. I would like a consultation about my options, please call me back.',
  },
  {
    file: 'roofing.mp3',
    voice: 'en-us+m4',
    text: 'Hi, I found you on Google. The storm took some shingles off my roof and now there is a leak in the upstairs bedroom. Could I get an estimate?',
  },
  {
    file: 'electrical.mp3',
    voice: 'en-us+f4',
    text: 'Hello, half the outlets in my kitchen stopped working and the breaker keeps tripping. Are you able to come out this afternoon?',
  },
];

/** Raw 16-bit little-endian mono PCM from espeak-ng's WAV output (the 44-byte header skipped). */
function speak(text, voice) {
  const wav = execFileSync('espeak-ng', ['-v', voice, '-s', '160', '--stdout', text], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const dataAt = wav.indexOf('data') + 8;
  const pcm = wav.subarray(dataAt);
  return new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
}

function encode(samples) {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, KBPS);
  const chunks = [];
  for (let i = 0; i < samples.length; i += 1152) {
    const out = encoder.encodeBuffer(samples.subarray(i, i + 1152));
    if (out.length) chunks.push(Buffer.from(out));
  }
  const tail = encoder.flush();
  if (tail.length) chunks.push(Buffer.from(tail));
  return Buffer.concat(chunks);
}

mkdirSync(OUT, { recursive: true });
for (const call of CALLS) {
  const mp3 = encode(speak(call.text, call.voice));
  writeFileSync(join(OUT, call.file), mp3);
  process.stdout.write(`${call.file}: ${(mp3.length / 1024).toFixed(1)} KB\n`);
}

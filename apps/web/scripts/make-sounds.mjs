#!/usr/bin/env node
// Writes the chat widget's three short sounds (open, close, reply) into public/sounds as small
// 16 kHz mono 16-bit WAV files, synthesised here so no audio is downloaded or licensed.
// Run: node apps/web/scripts/make-sounds.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const RATE = 16_000;
const out = path.resolve(import.meta.dirname, '../public/sounds');

/** A soft bell-like note: a sine with a quiet octave, a 6 ms attack and an exponential decay. */
function note(samples, startS, freq, durationS, gain) {
  const start = Math.round(startS * RATE);
  const length = Math.round(durationS * RATE);
  for (let i = 0; i < length && start + i < samples.length; i++) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.006);
    const decay = Math.exp((-5 * t) / durationS);
    const tone = Math.sin(2 * Math.PI * freq * t) + 0.25 * Math.sin(4 * Math.PI * freq * t);
    samples[start + i] += gain * attack * decay * tone;
  }
}

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function sound(durationS, notes) {
  const samples = new Float64Array(Math.round(durationS * RATE));
  for (const [start, freq, length, gain] of notes) note(samples, start, freq, length, gain);
  return wav(samples);
}

mkdirSync(out, { recursive: true });
const sounds = {
  // A rising fifth: the panel opens.
  'open.wav': sound(0.3, [
    [0, 659.25, 0.16, 0.32],
    [0.08, 987.77, 0.22, 0.28],
  ]),
  // A falling fourth: the panel closes.
  'close.wav': sound(0.28, [
    [0, 880, 0.14, 0.28],
    [0.07, 659.25, 0.2, 0.26],
  ]),
  // A light double tap: a reply arrived.
  'reply.wav': sound(0.26, [
    [0, 1046.5, 0.12, 0.24],
    [0.09, 1318.51, 0.17, 0.22],
  ]),
};
for (const [name, bytes] of Object.entries(sounds)) {
  writeFileSync(path.join(out, name), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}

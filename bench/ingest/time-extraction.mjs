// Times the built server's extraction (what `npm start` runs) in a plain Node process:
// node time-extraction.mjs FILE RUNS → a JSON list of milliseconds and the extracted length.
import { readFileSync } from 'node:fs';

const { extractDocument } = await import('../../apps/server/dist/engine/extract/index.js');
const bytes = new Uint8Array(readFileSync(process.argv[2]));
const runs = Number(process.argv[3] ?? 5);
const times = [];
let characters = 0;
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  characters = (await extractDocument(bytes)).text.length;
  times.push(performance.now() - start);
}
console.log(JSON.stringify({ times, characters }));

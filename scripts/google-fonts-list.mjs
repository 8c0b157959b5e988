#!/usr/bin/env node
// Writes fonts/google-fonts.json, the Google Fonts family names Quire knows (spec
// pdf-generation.md §4.4 rule 1: "any Google font by exact, case-sensitive name"), from the
// data of the google-font-metadata package (npm: google-font-metadata; its data/ folder).
//
//   node scripts/google-fonts-list.mjs <metadata data/ folder or api-response.json> [output]
//
// The output (default fonts/google-fonts.json) holds one string per family, sorted:
//   "Roboto"          the family has 400 and 700, normal and italic: all four are requested
//   "Abel|4|"         otherwise: the weights (in hundreds) requested in normal | in italic
// The weights requested per style are the faces CSS font matching picks for 400 and for 700
// (CSS Fonts 4 §5.2 step 4b) among those the family has: the css2 API answers 400 Bad Request
// to a weight or style a family lacks, so the request must name only faces that exist.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [input, output = join(dirname(fileURLToPath(import.meta.url)), '..', 'fonts', 'google-fonts.json')] = process.argv.slice(2);
if (!input) {
  console.error('usage: node scripts/google-fonts-list.mjs <google-font-metadata data/ folder or api-response.json> [output.json]');
  process.exit(2);
}

const apiPath = statSync(input).isDirectory() ? join(input, 'api-response.json') : input;
/** @type {{ family: string, variants: string[] }[]} */
const api = JSON.parse(readFileSync(apiPath, 'utf8'));
if (!Array.isArray(api)) throw new Error(`${apiPath}: expected an array of families`);

// Cross-check against google-fonts-v2.json when it sits next to it: the same families.
const v2Path = join(dirname(apiPath), 'google-fonts-v2.json');
let v2Families = null;
try {
  v2Families = new Set(Object.values(JSON.parse(readFileSync(v2Path, 'utf8'))).map((f) => f.family));
} catch {
  // Not there: the API response alone is enough.
}

const entries = [];
const names = new Set();
for (const { family, variants } of api) {
  if (typeof family !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9 ]*$/.test(family)) throw new Error(`unexpected family name ${JSON.stringify(family)}`);
  if (names.has(family)) throw new Error(`family ${family} listed twice`);
  if (v2Families && !v2Families.has(family)) throw new Error(`${family} is in ${apiPath} but not in ${v2Path}`);
  names.add(family);
  const weights = { normal: [], italic: [] };
  for (const variant of variants) {
    const match = /^(\d+)?(regular|italic)?$/.exec(variant);
    if (!match || (!match[1] && !match[2])) throw new Error(`${family}: unexpected variant ${variant}`);
    const weight = match[1] ? Number(match[1]) : 400;
    if (weight % 100 !== 0 || weight < 100 || weight > 900) throw new Error(`${family}: weight ${weight} is not one of 100…900`);
    weights[match[2] === 'italic' ? 'italic' : 'normal'].push(weight);
  }
  const normal = requested(weights.normal);
  const italic = requested(weights.italic);
  if (normal.length + italic.length === 0) throw new Error(`${family}: no variants`);
  const standard = normal.join() === '400,700' && italic.join() === '400,700';
  entries.push(standard ? family : `${family}|${normal.map((w) => w / 100).join('')}|${italic.map((w) => w / 100).join('')}`);
}
if (v2Families && v2Families.size !== names.size) throw new Error(`${v2Path} has ${v2Families.size} families, ${apiPath} ${names.size}`);
entries.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

let source = 'google-font-metadata';
try {
  const manifest = JSON.parse(readFileSync(join(dirname(apiPath), '..', 'package.json'), 'utf8'));
  source = `${manifest.name} ${manifest.version}`;
} catch {
  // No package.json above the data folder: keep the bare name.
}
const json = `{"source":${JSON.stringify(source)},"format":"Family or Family|<normal weights in hundreds>|<italic weights>","families":[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]}\n`;
writeFileSync(resolve(output), json);
console.log(`${resolve(output)}: ${entries.length} families (${source})`);

/** The weights CSS font matching picks for 400 and for 700 among `available`, ascending. */
function requested(available) {
  const picked = new Set();
  for (const desired of [400, 700]) {
    const weight = selectWeight(available, desired);
    if (weight !== undefined) picked.add(weight);
  }
  return [...picked].sort((a, b) => a - b);
}

/** CSS Fonts 4 §5.2 step 4b (the same rule as src/text/font-matching.ts). */
function selectWeight(available, desired) {
  const ascending = [...new Set(available)].sort((a, b) => a - b);
  if (ascending.includes(desired)) return desired;
  const lighter = ascending.filter((w) => w < desired).reverse();
  const heavier = ascending.filter((w) => w > desired);
  if (desired >= 400 && desired <= 500) {
    return heavier.filter((w) => w <= 500)[0] ?? lighter[0] ?? heavier.filter((w) => w > 500)[0];
  }
  return desired < 400 ? (lighter[0] ?? heavier[0]) : (heavier[0] ?? lighter[0]);
}

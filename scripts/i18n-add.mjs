// Merges the nested English keys of a JSON file (or of stdin) into core/locales/en.json,
// in one quick read-modify-write so several people adding keys at once do not lose each other's.
// Usage: node scripts/i18n-add.mjs keys.json   (or: echo '{"a":{"b":"text"}}' | node scripts/i18n-add.mjs)
import fs from 'node:fs';

const file = new URL('../core/locales/en.json', import.meta.url);
const input = JSON.parse(fs.readFileSync(process.argv[2] ?? 0, 'utf8'));
const merge = (into, from) => {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      into[k] = into[k] ?? {};
      merge(into[k], v);
    } else into[k] = v;
  }
  return into;
};
const en = merge(JSON.parse(fs.readFileSync(file, 'utf8')), input);
fs.writeFileSync(file, `${JSON.stringify(en, null, 2)}\n`);

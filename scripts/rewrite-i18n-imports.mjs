// One-off (decision 026): components import useTranslation from the shop's own binding instead of
// react-i18next. Rewrites `from 'react-i18next'` into the relative path of src/client/app/i18n-view.
import fs from 'node:fs';
import path from 'node:path';

const target = path.resolve('src/client/app/i18n-view');
const files = fs
  .readdirSync('src', { recursive: true })
  .map((f) => path.join('src', f))
  .filter((f) => /\.tsx?$/.test(f));
let changed = 0;
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes("from 'react-i18next'")) continue;
  let relative = path
    .relative(path.dirname(path.resolve(file)), target)
    .split(path.sep)
    .join('/');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  fs.writeFileSync(file, text.replaceAll("from 'react-i18next'", `from '${relative}'`));
  changed += 1;
}
console.log(`${changed} files rewritten`);

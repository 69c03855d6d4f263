// Validates results.json files against gradescope-results.schema.json (beside this file) with ajv
// from the repository's node_modules. Usage: node validate_gradescope_results.mjs <repo root>
// <results.json>... Exits 0 when all are valid, 1 with ajv's errors otherwise, 77 (CTest's skip)
// when node_modules has no ajv.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [root, ...files] = process.argv.slice(2);
const modules = resolve(root, 'node_modules');
if (!existsSync(join(modules, 'ajv'))) {
  console.log(`SKIP: ${modules} has no ajv: run scripts/install-deps.sh`);
  process.exit(77);
}
const require = createRequire(join(modules, 'noop.js'));
const Ajv = require('ajv').default;
const here = dirname(fileURLToPath(import.meta.url));
const schema = JSON.parse(readFileSync(join(here, 'gradescope-results.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
let failures = 0;
for (const path of files) {
  if (!validate(JSON.parse(readFileSync(path, 'utf8')))) {
    failures += 1;
    console.log(`INVALID: ${path}\n${JSON.stringify(validate.errors, null, 2)}`);
  }
}
process.exit(failures ? 1 : 0);

// Validates JSON reports against mutation-testing-report-schema with ajv (the npm packages in the
// repository's node_modules). Usage: node validate_json_report.mjs <repo root> <report.json>...
// Exits 0 when every report is valid, 1 with ajv's errors otherwise, 77 (CTest's skip) when
// node_modules is missing.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [root, ...reports] = process.argv.slice(2);
const modules = resolve(root, 'node_modules');
if (!existsSync(join(modules, 'ajv')) || !existsSync(join(modules, 'mutation-testing-report-schema'))) {
  console.log(`SKIP: ${modules} has no ajv or mutation-testing-report-schema: run scripts/install-deps.sh`);
  process.exit(77);
}
const require = createRequire(join(modules, 'noop.js'));
const Ajv = require('ajv').default;
const addFormats = require('ajv-formats').default;
const schemaPath = join(modules, 'mutation-testing-report-schema/dist/src/mutation-testing-report-schema.json');
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));

let failures = 0;
for (const path of reports) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  if (validate(report)) {
    console.log(`valid: ${path}`);
  } else {
    failures += 1;
    console.log(`INVALID: ${path}\n${JSON.stringify(validate.errors, null, 2)}`);
  }
}
if (reports.length === 0) {
  console.log('no report given');
  process.exit(1);
}
console.log(`${reports.length - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);

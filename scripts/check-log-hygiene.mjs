// Log hygiene after the whole suite: no token, no provider secret and no patient or profile
// value in the logs the API tests and the e2e servers wrote (docs/security.md).
//
//   node scripts/check-log-hygiene.mjs [--dir .test-results] [--only api|e2e] [--json out.json]
//
// Inputs, written by the suites themselves:
//   api-logs.jsonl, api-sensitive.jsonl      apps/api/test/app.ts (every createTestApp)
//   e2e-server.log, e2e-servers/*.log,       e2e/support/server.ts (every started server)
//   e2e-sensitive.jsonl
// The *-sensitive files list the values each app stored (every text and jsonb column of its
// tables but a reviewed few: scripts/log-hygiene-values.mjs) and the provider secrets it was
// given. Exit code 1 when anything is found or an input is missing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A signed JWT (an ID token): header and payload are base64url JSON, so both start with eyJ. */
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}/g;
/** An Authorization value: the scheme followed by a credential (not the words "bearer token"). */
const BEARER = /\b[Bb]earer\s+[A-Za-z0-9._~+/-]{16,}/g;
/** Stripe and Retell key shapes, whatever the test used. */
const SECRET_SHAPES =
  /\b(?:(?:sk|rk)_(?:test|live)_[A-Za-z0-9_]{4,}|whsec_[A-Za-z0-9_]{4,}|key_test_[A-Za-z0-9_]{4,})/g;
/** Values shorter than this, or with fewer letters/digits, are too common to mean a leak. */
const MIN_VALUE_LENGTH = 6;
const PREFIX = MIN_VALUE_LENGTH;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * JavaScript's own property names ('prototype', 'constructor', 'hasOwnProperty'…): fast-check
 * puts them into generated strings to probe prototype handling, so the fuzz suite stores one as a
 * name and also asks for it as a path id (`/api/records/patients/prototype/restore`, logged as
 * any path is). They identify nobody; a real value is never one of them.
 */
const LANGUAGE_WORDS = new Set([
  'prototype',
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
]);

function isMeaningful(value) {
  return (
    value.length >= MIN_VALUE_LENGTH &&
    (value.match(/[\p{L}\p{N}]/gu) ?? []).length >= 4 &&
    !LANGUAGE_WORDS.has(value)
  );
}

/**
 * An index of the values by their first characters: in JSON-escaped form, and for plain-text
 * lines (`plain`) also as written. In a JSON line a value with a quote or a backslash is always
 * escaped: its unescaped form there is the line's own syntax (a stored `"caller` is not in
 * `"clientRequestId":"caller"`; the full fuzz campaign drew both).
 */
function indexValues(values, { plain }) {
  const index = new Map();
  for (const raw of values) {
    const value = raw.trim();
    if (!isMeaningful(value)) continue;
    const escaped = JSON.stringify(value).slice(1, -1);
    for (const form of new Set(plain ? [value, escaped] : [escaped])) {
      const key = form.slice(0, PREFIX);
      // A set, not a list: generated values often share their first characters, and looking
      // for a duplicate in a list made this index quadratic (30 s over a full run's values).
      const forms = index.get(key) ?? new Set();
      forms.add(form);
      index.set(key, forms);
    }
  }
  return index;
}

/** Occurrences of indexed values in `line`, as whole words (not inside a longer word or number). */
function findValues(line, index) {
  const found = [];
  for (let i = 0; i + PREFIX <= line.length; i += 1) {
    if (i > 0 && WORD_CHAR.test(line[i - 1])) continue;
    const candidates = index.get(line.slice(i, i + PREFIX));
    if (!candidates) continue;
    for (const value of candidates) {
      const end = i + value.length;
      if (line.startsWith(value, i) && (end >= line.length || !WORD_CHAR.test(line[end])))
        found.push(value);
    }
  }
  return found;
}

const mask = (text) => `${text.slice(0, 4)}…(${text.length} chars)`;

/**
 * The findings in `text` (log lines): `{ kind, line, sample }`, the sample masked.
 * `values`: patient and profile values; `secrets`: exact provider secrets.
 */
export function scanText(text, { values = [], secrets = [] } = {}) {
  const plainIndex = indexValues(values, { plain: true });
  const jsonIndex = indexValues(values, { plain: false });
  const secretList = secrets.filter((secret) => secret && secret.length >= MIN_VALUE_LENGTH);
  const findings = [];
  text.split('\n').forEach((line, lineIndex) => {
    const add = (kind, sample) =>
      findings.push({ kind, line: lineIndex + 1, sample: mask(sample) });
    for (const match of line.matchAll(JWT)) add('token', match[0]);
    for (const match of line.matchAll(BEARER)) add('bearer', match[0]);
    for (const match of line.matchAll(SECRET_SHAPES)) add('secret', match[0]);
    for (const secret of secretList) if (line.includes(secret)) add('secret', secret);
    const valueIndex = line.startsWith('{') ? jsonIndex : plainIndex;
    for (const value of findValues(line, valueIndex)) add('patient or profile value', value);
  });
  return findings;
}

function readLines(file) {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/** The logs and sensitive values of one suite, from the results folder. */
function loadSource(dir, name) {
  const logFiles =
    name === 'api'
      ? [path.join(dir, 'api-logs.jsonl')]
      : [
          path.join(dir, 'e2e-server.log'),
          ...(fs.existsSync(path.join(dir, 'e2e-servers'))
            ? fs
                .readdirSync(path.join(dir, 'e2e-servers'))
                .filter((file) => file.endsWith('.log'))
                .map((file) => path.join(dir, 'e2e-servers', file))
            : []),
        ];
  const values = new Set();
  const secrets = new Set();
  for (const line of readLines(path.join(dir, `${name}-sensitive.jsonl`))) {
    const entry = JSON.parse(line);
    entry.values?.forEach((value) => values.add(value));
    entry.secrets?.forEach((secret) => secrets.add(secret));
  }
  const logs = logFiles
    .filter((file) => fs.existsSync(file))
    .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
  return { logs, values: [...values], secrets: [...secrets] };
}

const KINDS = [
  ['token', 'no ID token (JWT)'],
  ['bearer', 'no bearer credential'],
  ['secret', 'no payment or voice provider secret'],
  ['patient or profile value', 'no patient or profile field value'],
];

function checkSource(dir, name) {
  const { logs, values, secrets } = loadSource(dir, name);
  const lineCount = logs.reduce((sum, { text }) => sum + text.split('\n').length - 1, 0);
  const results = [
    {
      name: `${name}: logs were written (${logs.length} files, ${lineCount} lines, ${values.length} values to look for)`,
      ok: lineCount > 0,
      details: lineCount > 0 ? [] : ['no log lines: did the suite run?'],
    },
  ];
  const findings = logs.flatMap(({ file, text }) =>
    scanText(text, { values, secrets }).map((finding) => ({
      ...finding,
      where: `${path.relative(ROOT, file)}:${finding.line}`,
    })),
  );
  for (const [kind, title] of KINDS) {
    const mine = findings.filter((finding) => finding.kind === kind);
    results.push({
      name: `${name}: ${title}`,
      ok: mine.length === 0,
      details: mine.slice(0, 10).map((finding) => `${finding.where} ${finding.sample}`),
    });
  }
  return results;
}

/** The scanner must find what it is for: a planted token, credential, secret and value. */
function selfTest() {
  const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwbGFudGVkIn0.c2lnbmF0dXJl';
  const planted = [
    `{"msg":"oops","token":"${token}"}`,
    '{"headers":{"authorization":"Bearer abcdefghijklmnop0123"}}',
    '{"key":"sk_test_planted123"}',
    '{"patient":"Quenby Plantedname"}',
    '{"msg":"no bearer token","time":1795356242877,"phone":"x"}',
    '{"req":{"clientRequestId":"caller"}}',
    '{"msg":"note \\"quoted value"}',
    'plain text "quoted value',
  ].join('\n');
  const kinds = scanText(planted, {
    values: ['Quenby Plantedname', '1795356242', 'token', '"caller', '"quoted value'],
  }).map((finding) => `${finding.line}:${finding.kind}`);
  const value = 'patient or profile value';
  const expected = ['1:token', '2:bearer', '3:secret', `4:${value}`, `7:${value}`, `8:${value}`];
  return {
    name: 'the scanner finds a planted token, credential, secret and patient value (and nothing else)',
    ok: JSON.stringify(kinds) === JSON.stringify(expected),
    details: [`found ${kinds.join(', ')}`],
  };
}

function main() {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const dir = path.resolve(option('--dir') ?? path.join(ROOT, '.test-results'));
  const only = option('--only');
  const sources = only ? [only] : ['api', 'e2e'];
  const results = [selfTest(), ...sources.flatMap((source) => checkSource(dir, source))];
  console.log('\n▶ log hygiene');
  for (const result of results) {
    console.log(`  ${result.ok ? '✓' : '✗'} ${result.name}`);
    if (!result.ok) for (const detail of result.details) console.log(`      ${detail}`);
  }
  const passed = results.filter((result) => result.ok).length;
  const failed = results.length - passed;
  const json = option('--json');
  if (json) fs.writeFileSync(json, JSON.stringify({ passed, failed, results }, null, 2));
  process.exitCode = failed === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

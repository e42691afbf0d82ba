#!/usr/bin/env node
// Runs every suite (checks, Node tests, browser tests in Chromium, end-to-end tests) and ends with one
// line "N passed, N failed" totalling all of them. `node test/run-all.mjs --only node,browser` runs a part.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './support/postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argOnly = process.argv.find((a) => a.startsWith('--only='));
const only = argOnly ? new Set(argOnly.slice('--only='.length).split(',')) : undefined;
const wants = (suite) => !only || only.has(suite);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, env = {}, timeoutMs = 20 * 60_000) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    const timer = setTimeout(() => {
      process.stdout.write(`\n${cmd} ${args.join(' ')} ran past ${timeoutMs / 60000} minutes: stopped\n`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function record(name, counts, note = '') {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  lines.push(`  ${name.padEnd(10)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}${note ? `  (${note})` : ''}`);
}

async function check(name, cmd, args) {
  process.stdout.write(`\n=== ${name}: ${cmd} ${args.join(' ')}\n`);
  const code = await run(cmd, args);
  record(name, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
  return code === 0;
}

function listFiles(dir, suffix) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith(suffix)).map((f) => path.join(dir, f)).sort();
}

async function nodeSuite() {
  const files = listFiles(path.join(root, 'test', 'server'), '.test.ts');
  if (!files.length) return;
  let pg = { url: process.env.TEST_DATABASE_URL, reason: undefined, stop() {} };
  if (!pg.url) {
    try {
      pg = await startPostgres();
    } catch (err) {
      pg = { url: undefined, reason: `could not start PostgreSQL: ${err.message}`, stop() {} };
    }
  }
  if (!pg.url) {
    process.stdout.write(`\nPostgreSQL suite: not run here: ${pg.reason}\n`);
    if (process.env.CI) record('postgres', { passed: 0, failed: 1, skipped: 0 }, `required in CI: ${pg.reason}`);
  }
  const tap = path.join(tmp, 'node.tap');
  process.stdout.write(`\n=== node: ${files.length} test files\n`);
  // Every server test runs on two engines: on a two-core machine that is most of the suite's time.
  const code = await run(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files],
    pg.url ? { TEST_DATABASE_URL: pg.url } : {},
    40 * 60_000,
  );
  pg.stop();
  const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
  const num = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  const counts = { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  record('node', counts, pg.url ? 'SQLite and PostgreSQL' : 'SQLite only');
}

/** Runs a command with its output shown as it comes and kept, for the caller to read. */
function runTee(cmd, args, env = {}, timeoutMs = 20 * 60_000) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let text = '';
    const keep = (chunk) => {
      process.stdout.write(chunk);
      text += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), text });
    });
  });
}

// Colour codes around a reported path, should a reporter add them.
// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const ANSI_ESCAPES = /\x1b\[[0-9;]*[A-Za-z]/g;

/**
 * The test files web-test-runner names beside "did not finish": their page hung, no test of them reported.
 * The summary reporter lists them after the message, the default one as a heading just before it.
 */
function hungFiles(text) {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.includes('did not finish within'));
  if (at < 0) return [];
  const near = lines.slice(Math.max(at - 4, 0), at + 20).map((l) => l.replace(ANSI_ESCAPES, '').trim().replace(/:$/, ''));
  const files = near.filter((l) => /\.test\.tsx?$/.test(l)).map((l) => (path.isAbsolute(l) ? path.relative(root, l) : l));
  return [...new Set(files)];
}

async function browserSuite() {
  const file = path.join(tmp, 'wtr.json');
  const wtr = path.join(root, 'node_modules', '.bin', 'wtr');
  const readCounts = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : { passed: 0, failed: 0, skipped: 0 });
  process.stdout.write('\n=== browser: web-test-runner in Chromium\n');
  const first = await runTee(wtr, [], { WTR_COUNTS_FILE: file });
  const counts = readCounts(file);
  // A page that hangs reports none of its tests (seen now and then in CI, never alone). Such a file is run
  // once more on its own, and said so; its tests count only from that run, and a failure there still fails.
  const hung = first.code !== 0 ? hungFiles(first.text) : [];
  // The counting reporter counts each file that reported no test as one failure: the rerun stands for it.
  counts.failed = Math.max(counts.failed - hung.length, 0);
  let note = '';
  if (hung.length > 0) {
    process.stdout.write(`\n=== browser: again on their own, after their page hung: ${hung.join(', ')}\n`);
    const againFile = path.join(tmp, 'wtr-again.json');
    const again = await runTee(wtr, ['--files', ...hung], { WTR_COUNTS_FILE: againFile });
    const more = readCounts(againFile);
    counts.passed += more.passed;
    counts.failed += more.failed;
    counts.skipped += more.skipped;
    if (again.code !== 0 && more.failed === 0) counts.failed += 1;
    note = `${hung.length} hung file${hung.length > 1 ? 's' : ''} run again: ${hung.join(', ')}`;
  } else if (first.code !== 0 && counts.failed === 0) counts.failed = 1;
  record('browser', counts, note);
}

async function e2eSuite() {
  const file = path.join(tmp, 'e2e.json');
  process.stdout.write('\n=== e2e: Playwright against the real server\n');
  const code = await run(path.join(root, 'node_modules', '.bin', 'playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (fs.existsSync(file)) {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    counts = { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
  }
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  record('e2e', counts);
}

let built = true;
if (wants('checks') || wants('e2e')) built = await check('build', 'npm', ['run', '--silent', 'build']);
if (wants('checks')) {
  await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await check('lint', 'npm', ['run', '--silent', 'lint']);
}
if (wants('node')) await nodeSuite();
if (wants('browser')) await browserSuite();
if (wants('e2e')) {
  if (built) await e2eSuite();
  else record('e2e', { passed: 0, failed: 1, skipped: 0 }, 'not run: the build failed');
}

fs.rmSync(tmp, { recursive: true, force: true });
process.stdout.write(`\nSummary\n${lines.join('\n')}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(totals.failed > 0 ? 1 : 0);

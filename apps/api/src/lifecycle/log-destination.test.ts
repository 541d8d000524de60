import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { bufferedStdout } from './log-destination.ts';

describe('log lines written in batches', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true })));

  function logFile() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-log-'));
    dirs.push(dir);
    return path.join(dir, 'out.log');
  }

  it('holds short lines briefly, then writes them out in order within the flush interval', async () => {
    const file = logFile();
    const destination = bufferedStdout({ dest: file, flushEveryMs: 50 });
    await new Promise((resolve) => destination.once('ready', resolve));
    destination.write('{"msg":"first"}\n');
    destination.write('{"msg":"second"}\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    await expect
      .poll(() => fs.readFileSync(file, 'utf8'), { timeout: 2_000 })
      .toBe('{"msg":"first"}\n{"msg":"second"}\n');
    destination.end();
  });

  it('writes at once what reaches the batch size, and whatever is left on a synchronous flush', async () => {
    const file = logFile();
    const destination = bufferedStdout({ dest: file, flushEveryMs: 60_000, minLength: 64 });
    await new Promise((resolve) => destination.once('ready', resolve));
    const line = `{"msg":"${'x'.repeat(80)}"}\n`;
    destination.write(line);
    await expect.poll(() => fs.readFileSync(file, 'utf8'), { timeout: 2_000 }).toBe(line);
    destination.write('{"msg":"last"}\n');
    await sleep(100);
    expect(fs.readFileSync(file, 'utf8')).toBe(line);
    destination.flushSync();
    expect(fs.readFileSync(file, 'utf8')).toBe(`${line}{"msg":"last"}\n`);
    destination.end();
  });

  it('ends without a flush of the closed destination, however often it flushes', async () => {
    const thrown: unknown[] = [];
    const onUncaught = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      for (let run = 0; run < 20; run += 1) {
        const destination = bufferedStdout({ dest: logFile(), flushEveryMs: 1 });
        await new Promise((resolve) => destination.once('ready', resolve));
        destination.write('{"msg":"last"}\n');
        destination.end();
        await new Promise((resolve) => destination.once('close', resolve));
      }
      await sleep(20);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(thrown).toEqual([]);
  });
});

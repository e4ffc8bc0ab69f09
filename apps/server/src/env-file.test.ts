import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file';

const names = ['ENV_FILE_TEST_FROM_FILE', 'ENV_FILE_TEST_SET_BOTH', 'ENV_FILE_TEST_QUOTED'];
afterEach(() => {
  for (const name of names) delete process.env[name];
});

describe('loadEnvFile', () => {
  it('adds the file’s variables, keeps the ones the environment already sets, and reads quotes and comments', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'env-file-'));
    const file = path.join(folder, '.env');
    fs.writeFileSync(file, '# a comment\nENV_FILE_TEST_FROM_FILE=from file\nENV_FILE_TEST_SET_BOTH=from file\nENV_FILE_TEST_QUOTED="a # b"\n');
    process.env.ENV_FILE_TEST_SET_BOTH = 'from environment';
    expect(loadEnvFile(file)).toBe(true);
    expect(process.env.ENV_FILE_TEST_FROM_FILE).toBe('from file');
    expect(process.env.ENV_FILE_TEST_SET_BOTH).toBe('from environment');
    expect(process.env.ENV_FILE_TEST_QUOTED).toBe('a # b');
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('does nothing without a file', () => {
    expect(loadEnvFile(path.join(os.tmpdir(), 'no-such-folder', '.env'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
  });

  it('derives BASE_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).baseUrl).toBe('http://localhost:4100');
    expect(loadConfig({ BASE_URL: 'https://cards.example.com/' }).baseUrl).toBe('https://cards.example.com');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BASE_URL: 'not a url' }, 'BASE_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ S3_BUCKET: 'cards', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
  ])('names the wrong variable in %o', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });

  it('selects S3 storage only when a bucket is set', () => {
    expect(loadConfig({}).storage.s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'cards',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage.s3,
    ).toEqual({
      bucket: 'cards',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });
});

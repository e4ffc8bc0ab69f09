import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { hasBearerToken } from './metrics-module';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/cards-metrics-config' } as const;

describe('the metrics configuration', () => {
  it('is off unless METRICS_TOKEN or METRICS_PORT is set', () => {
    expect(loadConfig(base).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464 });
    expect(loadConfig({ ...base, METRICS_TOKEN: 'a'.repeat(16) }).metrics).toEqual({ token: 'a'.repeat(16), port: undefined });
  });

  it.each([
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be at least 16 characters/],
    [{ METRICS_PORT: 'nine' }, /METRICS_PORT: must be a port number/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT: must be a port number/],
    [{ METRICS_PORT: '3000', PORT: '3000' }, /METRICS_PORT: must differ from PORT/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe('the bearer token check', () => {
  const token = 'metrics-token-0123456789';
  it.each([
    [`Bearer ${token}`, true],
    [`bearer ${token}`, true],
    [`Bearer ${token}x`, false],
    [`Bearer ${token.slice(0, -1)}`, false],
    [token, false],
    [`Basic ${token}`, false],
    ['Bearer ', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(hasBearerToken(header, token)).toBe(expected);
  });
});

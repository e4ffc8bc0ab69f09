import { describe, expect, it } from 'vitest';
import { chatCompletionsUrl, createUserRateLimiter } from './scanner-ai';

describe('chatCompletionsUrl', () => {
  it.each([
    ['http://localhost:11434/v1', 'http://localhost:11434/v1/chat/completions'],
    ['http://localhost:11434/v1/', 'http://localhost:11434/v1/chat/completions'],
    ['https://llm.example/v1/chat/completions', 'https://llm.example/v1/chat/completions'],
  ])('%s → %s', (url, expected) => {
    expect(chatCompletionsUrl(url)).toBe(expected);
  });
});

describe('createUserRateLimiter', () => {
  it('allows max requests per user per window, each user on their own', () => {
    let now = 0;
    const limiter = createUserRateLimiter({ max: 2, windowMs: 1000, now: () => now });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 999;
    expect(limiter.take('a')).toBe(false);
    now = 1001;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
  });
});

import { describe, expect, it } from 'vitest';
import { chatCompletionsUrl } from './scanner-ai';

describe('chatCompletionsUrl', () => {
  it.each([
    ['http://localhost:11434/v1', 'http://localhost:11434/v1/chat/completions'],
    ['http://localhost:11434/v1/', 'http://localhost:11434/v1/chat/completions'],
    ['https://llm.example/v1/chat/completions', 'https://llm.example/v1/chat/completions'],
  ])('%s → %s', (url, expected) => {
    expect(chatCompletionsUrl(url)).toBe(expected);
  });
});

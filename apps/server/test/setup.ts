import { afterEach, expect, vi } from 'vitest';

// A console.error in a test is a failure: it means something went wrong that no assertion looked at.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  expect(calls, 'console.error was called').toEqual([]);
});

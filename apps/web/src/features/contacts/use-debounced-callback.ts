import { useEffect, useRef } from 'react';

/** Calls the latest `callback` once `delayMs` have passed without another call (typing in the search box). */
export function useDebouncedCallback<Args extends unknown[]>(callback: (...args: Args) => void, delayMs: number) {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return {
    call(...args: Args) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    },
    cancel() {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
  };
}

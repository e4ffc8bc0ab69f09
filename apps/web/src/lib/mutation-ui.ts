import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * What a screen adds to an endpoint's mutation hook: what to say or do once the change succeeded (after the hook's
 * own cache updates) or failed. The hook in features/<name>/api/ owns the cache; the screen owns the words.
 */
export interface MutationUi<Result = unknown> {
  onSuccess?: (result: Result) => unknown;
  onError?: (error: Error) => unknown;
}

/** An endpoint's mutation hook: its fetcher, the cache updates a success implies, then the screen's own reaction. */
export function useEndpointMutation<Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  updateCache: (queryClient: QueryClient, result: Result, input: Input) => unknown,
  ui: MutationUi<Result> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, input) => {
      await updateCache(queryClient, result, input);
      await ui.onSuccess?.(result);
    },
    onError: (error) => ui.onError?.(error),
  });
}

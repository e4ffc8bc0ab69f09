import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The SPA's catalogs (`src/**\/messages/*.json`, ICU messages) compiled for Lingui's runtime as they are imported,
 * so the browser gets no message parser: a message is a lookup and an interpolation there. A message that is not
 * valid ICU fails the build, naming its file and id. Used by the build, the dev server and the unit tests.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/[\\/]src[\\/].*[\\/]messages[\\/][^\\/]+\.json$/.test(file)) return null;
      const catalog = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(catalog).map(([messageId, message]) => {
          try {
            return [messageId, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`${file}: message "${messageId}" is not valid ICU: ${(error as Error).message}`);
          }
        }),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

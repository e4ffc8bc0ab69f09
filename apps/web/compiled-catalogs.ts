import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const catalog = /[\\/]src[\\/](?:.*[\\/])?messages[\\/][^\\/]+\.json$/;
const inWebApp = /[\\/]apps[\\/]web[\\/]/;
const compiledQuery = 'compiled-catalog';

/**
 * The SPA's catalogs (`src/**\/messages/*.json`, ICU messages) compiled for Lingui's runtime as they are imported,
 * so the browser gets no message parser: a message is a lookup and an interpolation there. A message that is not
 * valid ICU fails the build, naming its file and id. Used by the build, the dev server and the unit tests.
 *
 * A catalog packages/shared keeps for the server and the SPA alike (the downgrade lines) is compiled only where the
 * SPA imports it: the server's code, in the same unit-test run, reads it as ICU.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'compiled-catalogs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !inWebApp.test(importer) || !source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || inWebApp.test(resolved.id) || !catalog.test(resolved.id)) return null;
      return { ...resolved, id: `${resolved.id}?${compiledQuery}` };
    },
    transform(code, id) {
      const [file = '', query] = id.split('?');
      if (!catalog.test(file) || !(inWebApp.test(file) || query === compiledQuery)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([messageId, message]) => {
          try {
            return [messageId, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`${file}: message "${messageId}" is not valid ICU: ${(error as Error).message}`);
          }
        }),
      );
      // Vite's JSON plugin makes a module of the app's own catalogs; one imported with the query is not its to read.
      return { code: query === compiledQuery ? `export default ${JSON.stringify(compiled)};` : JSON.stringify(compiled), map: null };
    },
  };
}

import { z } from 'zod';
import { booleanFlag, bothOrNeither, configPiece, documented, optionalString } from '../../config-fields';

export const scannerConfig = configPiece({
  title: 'Card scanner',
  variables: {
    SCANNER_LLM_URL: documented(optionalString.pipe(z.string().regex(/^https?:\/\/[^/\s]+/, 'must be a URL such as http://localhost:11434/v1').optional()), {
      description: 'Cards are read on the user\'s device. With this OpenAI-compatible chat-completions endpoint and SCANNER_LLM_MODEL (both or neither), the scanner also offers "Improve with AI", e.g. `http://localhost:11434/v1` for a local Ollama. Only the text read from the card is sent.',
    }),
    SCANNER_LLM_MODEL: documented(optionalString, { description: 'The model "Improve with AI" asks, e.g. `llama3.2`.' }),
    SCANNER_LLM_API_KEY: documented(optionalString, { description: 'Sent as `Authorization: Bearer …` to that endpoint.' }),
    SCANNER_LLM_VISION: documented(booleanFlag, { description: 'true: send the card\'s photo too (for a vision model); false: only the text read from it.' }),
    SCANNER_LLM_TIMEOUT_SECONDS: documented(z.coerce.number().min(1).max(600).default(30), { description: 'How long to wait for the endpoint\'s answer, in seconds.' }),
  },
  check(env, _core, ctx) {
    bothOrNeither(ctx, ['SCANNER_LLM_URL', env.SCANNER_LLM_URL], ['SCANNER_LLM_MODEL', env.SCANNER_LLM_MODEL], 'set both SCANNER_LLM_URL and SCANNER_LLM_MODEL to offer "Improve with AI" in the card scanner, or neither');
  },
  build: (env) => ({
    scannerAi:
      env.SCANNER_LLM_URL && env.SCANNER_LLM_MODEL
        ? {
            url: env.SCANNER_LLM_URL,
            model: env.SCANNER_LLM_MODEL,
            apiKey: env.SCANNER_LLM_API_KEY ?? null,
            sendsImage: env.SCANNER_LLM_VISION,
            timeoutMs: env.SCANNER_LLM_TIMEOUT_SECONDS * 1000,
          }
        : null,
  }),
});

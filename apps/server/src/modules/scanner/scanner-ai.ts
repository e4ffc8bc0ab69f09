import { scannedFields, type ScannedFields } from '@cardstack/shared/scanner/schemas';
import { AppError } from '../../http/errors';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * "Improve with AI": the card's OCR text (and its photo, only when the operator turned vision on) goes to an
 * OpenAI-compatible chat-completions endpoint the operator configured (a local Ollama, a hosted model …),
 * which answers the fields as JSON under a JSON schema. The answer is validated with the same zod schema the
 * review form uses; anything else is refused and the user's fields stay as they were.
 */

export interface ScannerAiConfig {
  url: string;
  model: string;
  apiKey: string | null;
  sendsImage: boolean;
  timeoutMs: number;
}

/** The JSON schema of the answer (strict: every property required, nothing else). */
const answerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'jobTitle', 'company', 'emails', 'phones', 'websites', 'socialLinks', 'address'],
  properties: {
    name: { type: 'string', description: "The person's full name" },
    jobTitle: { type: 'string' },
    company: { type: 'string' },
    emails: { type: 'array', items: { type: 'string' } },
    phones: { type: 'array', items: { type: 'string' }, description: 'E.164, e.g. +4930123456' },
    websites: { type: 'array', items: { type: 'string' }, description: 'https:// links that are not social profiles' },
    socialLinks: { type: 'array', items: { type: 'string' }, description: 'https:// links to social profiles' },
    address: { type: 'string', description: 'The postal address on one line' },
  },
} as const;

const instructions = [
  'You read business cards. From the OCR text of one card (it may contain reading errors), fill in the contact fields.',
  'Use only what is on the card; leave a field empty ("" or []) when the card does not show it.',
  'Phones in E.164 (+ and digits); links as https:// URLs. The current guess is given; correct it where the text says otherwise.',
].join(' ');

/** The endpoint given as a base (…/v1) or as the full path; both mean …/v1/chat/completions. */
export function chatCompletionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

export async function improveWithAi(
  config: ScannerAiConfig,
  input: { ocrText: string; imageDataUrl?: string | undefined; current: ScannedFields },
  fetchImpl: typeof fetch = fetch,
): Promise<ScannedFields> {
  const text = `OCR text:\n${input.ocrText}\n\nCurrent guess (JSON):\n${JSON.stringify(input.current)}`;
  const userContent =
    config.sendsImage && input.imageDataUrl
      ? [
          { type: 'text', text },
          { type: 'image_url', image_url: { url: input.imageDataUrl } },
        ]
      : text;
  let response: Response;
  try {
    response = await fetchImpl(chatCompletionsUrl(config.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: instructions },
          { role: 'user', content: userContent },
        ],
        response_format: { type: 'json_schema', json_schema: { name: 'business_card', strict: true, schema: answerSchema } },
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    throw new AppError(502, 'scanner-ai-unreachable', keyed('scannerAiFailed'));
  }
  if (!response.ok) throw new AppError(502, 'scanner-ai-failed', keyed('scannerAiFailed'));
  try {
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    // Some models wrap the JSON in a code fence even when asked for a schema.
    const json = typeof content === 'string' ? content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '') : '';
    return validAnswer(JSON.parse(json));
  } catch {
    throw new AppError(502, 'scanner-ai-invalid', keyed('scannerAiFailed'));
  }
}

/**
 * The answer through the review form's schema. A list item the schema refuses (an email without a domain, a
 * link without https://) is dropped, once, rather than losing the whole answer; anything else still fails.
 */
function validAnswer(answer: unknown): ScannedFields {
  const first = scannedFields.safeParse(answer);
  if (first.success || typeof answer !== 'object' || answer === null) return scannedFields.parse(answer);
  const copy = structuredClone(answer) as Record<string, unknown>;
  const dropped = new Map<string, Set<number>>();
  for (const issue of first.error.issues) {
    const [field, index] = issue.path;
    if (typeof field === 'string' && typeof index === 'number' && Array.isArray(copy[field])) {
      dropped.set(field, (dropped.get(field) ?? new Set()).add(index));
    }
  }
  for (const [field, indexes] of dropped) copy[field] = (copy[field] as unknown[]).filter((_item, index) => !indexes.has(index));
  return scannedFields.parse(copy);
}

import type { CompiledMessage, CompiledMessageToken } from '@lingui/message-utils/compileMessage';

const accented: Record<string, string> = {
  a: 'à', b: 'ƀ', c: 'ç', d: 'đ', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'À', B: 'Ɓ', C: 'Ç', D: 'Đ', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/**
 * Text in the pseudo-locale: every ASCII letter accented, so a letter left plain on a screen was never translated.
 * Rich text's tags (`<link>`, richText) keep their names.
 */
export function pseudoText(text: string): string {
  return text.replace(/<\/?\w+>|[A-Za-z]/g, (found) => (found.length === 1 ? accented[found]! : found));
}

function pseudoMessage(message: CompiledMessage | string): CompiledMessage | string {
  if (typeof message === 'string') return pseudoText(message);
  return message.map((token): CompiledMessageToken => {
    if (typeof token === 'string') return pseudoText(token);
    const [name, type, choices] = token;
    if (!choices || typeof choices !== 'object') return token;
    // A plural's or a select's branches are text; its keys (one, other, =0, offset) are not.
    const branches = Object.fromEntries(Object.entries(choices).map(([key, branch]) => [key, Array.isArray(branch) || typeof branch === 'string' ? pseudoMessage(branch) : branch]));
    return [name, type, branches] as CompiledMessageToken;
  });
}

/** A compiled English catalog in the pseudo-locale: the placeholders' values stay as they are given. */
export function pseudoLocalized(catalog: Record<string, CompiledMessage>): Record<string, CompiledMessage | string> {
  return Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, pseudoMessage(message)]));
}

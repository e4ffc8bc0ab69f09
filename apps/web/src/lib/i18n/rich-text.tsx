import { Fragment, type ReactNode } from 'react';

/**
 * A translated message with marked parts (`Read the <terms>terms</terms>`) as React nodes: each `<name>…</name>` is
 * given to `tags[name]`, so a translation may move a link within its sentence. Tags do not nest.
 */
export function richText(message: string, tags: Record<string, (content: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  let rest = message;
  for (let match = /<(\w+)>(.*?)<\/\1>/s.exec(rest); match; match = /<(\w+)>(.*?)<\/\1>/s.exec(rest)) {
    const [whole, name, content] = match;
    if (match.index > 0) parts.push(rest.slice(0, match.index));
    const render = tags[name!];
    parts.push(<Fragment key={parts.length}>{render ? render(content!) : content}</Fragment>);
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) parts.push(rest);
  return parts;
}

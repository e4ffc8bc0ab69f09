import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * An HTML string as a browser or mail client reads it, through an independent parser (htmlparser2): which
 * elements and attributes it holds and what text it shows. Tests use it to prove that user data stays text.
 */
export function readHtml(html: string) {
  const document = parseDocument(html, { decodeEntities: true });
  const elements = DomUtils.findAll(() => true, document.children);
  return {
    tagNames: new Set(elements.map((element) => element.name)),
    /** Attributes whose name starts with `on`: event handlers that run script. */
    eventHandlers: elements.flatMap((element) => Object.keys(element.attribs).filter((name) => name.toLowerCase().startsWith('on'))),
    /** The text of each element that holds text directly, entities decoded. */
    texts: DomUtils.filter((node) => DomUtils.isText(node), document).map((node) => (DomUtils.isText(node) ? node.data : '')),
    links: elements.filter((element) => element.name === 'a').map((link) => ({ href: link.attribs.href, text: DomUtils.textContent(link) })),
    formActions: elements.filter((element) => element.name === 'form').map((form) => form.attribs.action),
    title: DomUtils.textContent(elements.filter((element) => element.name === 'title')),
  };
}

/** What a hostile user might type: markup, a script, both quote characters and an entity. */
export const hostileText = `Eve "the <b>boss</b>" O'Neil </td><script>alert(1)</script><img src=x onerror=alert(2)> &amp;`;

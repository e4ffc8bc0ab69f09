/*
 * Copying the signature. As rich text (HTML, with plain text beside it for programs that take no HTML), so a
 * paste into a mail program's signature box keeps the layout, the links and the images; or its HTML source as
 * text, for the programs that ask for the source.
 */

/** Puts the signature on the clipboard as HTML and plain text; plain text only where the browser has no ClipboardItem. */
export async function copyRichSignature(html: string, text: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard.write === 'function') {
    await navigator.clipboard.write([
      new ClipboardItem({ 'text/html': new Blob([html], { type: 'text/html' }), 'text/plain': new Blob([text], { type: 'text/plain' }) }),
    ]);
    return;
  }
  await navigator.clipboard.writeText(text);
}

export function copySignatureSource(html: string): Promise<void> {
  return navigator.clipboard.writeText(html);
}

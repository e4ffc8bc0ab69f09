import type { Worker as TesseractWorker } from 'tesseract.js';
import type { OcrLine } from '@cardstack/shared/scanner/ocr-segments';

/*
 * tesseract.js in a Web Worker, with its worker script, WebAssembly core and language data from our own server
 * (the scanner's asset route), never a CDN. The library is imported here only, so it loads with the scanner
 * screen. One worker is kept while the screen is open, so the second card of a stack starts at once.
 */

export type OcrPhase = 'loading' | 'reading';
export type OcrProgress = (phase: OcrPhase, fraction: number) => void;

let current: { key: string; worker: Promise<TesseractWorker> } | null = null;
let listener: OcrProgress = () => undefined;

async function startWorker(key: string, assetBase: string, language: string): Promise<TesseractWorker> {
  const { createWorker, OEM } = await import('tesseract.js');
  return new Promise<TesseractWorker>((resolve, reject) => {
    createWorker(language, OEM.LSTM_ONLY, {
      workerPath: `${assetBase}/worker.min.js`,
      corePath: `${assetBase}/core`,
      langPath: `${assetBase}/lang`,
      // A worker made from a blob: URL would need `worker-src blob:`; the script's own URL keeps CSP at 'self'.
      workerBlobURL: false,
      gzip: true,
      logger: (message: { status: string; progress: number }) => {
        listener(message.status === 'recognizing text' ? 'reading' : 'loading', message.progress);
      },
      // A failure inside the worker (a file that did not arrive) comes here; without a handler it is thrown
      // where no one catches it and the screen would wait forever.
      errorHandler: (error: unknown) => {
        if (current?.key === key) current = null;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    }).then(resolve, reject);
  });
}

/** Reads the lines of a prepared image, with their boxes, in one language (tesseract code: eng, deu …). */
export async function readLines(image: HTMLCanvasElement, options: { assetBase: string; language: string; onProgress: OcrProgress }) {
  const key = `${options.assetBase}|${options.language}`;
  if (current?.key !== key) {
    await stopOcr();
    current = { key, worker: startWorker(key, options.assetBase, options.language) };
  }
  listener = options.onProgress;
  let worker: TesseractWorker;
  try {
    worker = await current.worker;
  } catch (error) {
    current = null;
    throw error;
  }
  options.onProgress('loading', 1);
  const result = await worker.recognize(image, {}, { text: true, blocks: true });
  const lines: OcrLine[] = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.trim();
        if (text && line.confidence > 20) lines.push({ text, bbox: line.bbox });
      }
    }
  }
  return { lines, text: result.data.text };
}

/** Ends the worker (leaving the scanner screen gives its memory back). */
export async function stopOcr(): Promise<void> {
  const previous = current;
  current = null;
  if (previous) await previous.worker.then((worker) => worker.terminate()).catch(() => undefined);
}

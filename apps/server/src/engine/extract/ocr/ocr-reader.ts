import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import { pageLayoutToText, type OcrBlock } from './layout.js';

const require = createRequire(import.meta.url);
/**
 * Everything the engine needs is read from installed packages, never fetched: the English model ships in
 * @tesseract.js-data/eng (4.0.0_best_int: the LSTM model, 2.9 MB gzipped), the WebAssembly core in
 * tesseract.js-core (loaded by require), the worker script in tesseract.js.
 */
const OCR_FILES = {
  langPath: path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
  workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
  corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
};

/** Tesseract's thresholding_method for Sauvola's adaptive binarization. */
const SAUVOLA = '2';

export interface OcrReader {
  /** The page's text, its unsure words marked (unsure-marks.ts). */
  read(png: Buffer): Promise<string>;
  close(): Promise<void>;
}

/** One Tesseract worker thread, started on first use; the caller closes it. */
export function ocrReader(): OcrReader {
  let worker: Promise<Worker> | null = null;
  const started = () =>
    (worker ??= (async () => {
      // Loaded on the first page read, not with the extraction process, which starts per upload.
      const { createWorker, OEM, PSM } = await import('tesseract.js');
      const created = await createWorker('eng', OEM.LSTM_ONLY, {
        ...OCR_FILES,
        gzip: true,
        cacheMethod: 'none',
        errorHandler: () => {},
      });
      // tesseract.js reads a single block by default, which runs the columns of a page into each other.
      // Sauvola's local threshold (2) instead of one Otsu threshold for the page: a photo lit from one side keeps
      // its words in the shade (bench/ocr: photo 86 → 100 %, price-list photo 68 → 100 %; decision 078).
      await created.setParameters({
        tessedit_pageseg_mode: PSM.AUTO,
        user_defined_dpi: '300',
        thresholding_method: SAUVOLA,
      });
      return created;
    })());
  return {
    async read(png) {
      const result = await (
        await started()
      ).recognize(png, { rotateAuto: true }, { text: false, blocks: true });
      return pageLayoutToText((result.data.blocks ?? []) as OcrBlock[]);
    },
    async close() {
      if (worker) await (await worker).terminate();
    },
  };
}

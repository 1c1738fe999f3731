import { inflateSync, constants } from 'node:zlib';

/**
 * Whether a PDF the services wrote (fpdf with a UTF-8 font, compressed) shows text: fpdf writes every
 * text run as a string of UTF-16BE code units inside the page's deflated content stream, as the
 * services' Go helper (services/document/internal/pdftext) finds it in an uncompressed one.
 */
export function pdfContains(pdf: Buffer, text: string): boolean {
  const units: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    units.push(unit >> 8, unit & 0xff);
  }
  // fpdf escapes these bytes inside a PDF string, as the format asks.
  const encoded = Buffer.from(units)
    .toString('latin1')
    .replace(/[\\()\r]/g, (c) => (c === '\r' ? '\\r' : `\\${c}`));
  return contents(pdf).some((content) => content.includes(encoded));
}

/** The PDF's bytes and each of its streams inflated, as latin1 text. */
function contents(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out = [raw];
  for (let at = raw.indexOf('stream\n'); at !== -1; at = raw.indexOf('stream\n', at + 1)) {
    if (raw.slice(at - 3, at) === 'end') continue;
    const start = at + 'stream\n'.length;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    try {
      out.push(inflateSync(pdf.subarray(start, end), { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1'));
    } catch {
      // a stream that is not deflated is in raw already
    }
  }
  return out;
}

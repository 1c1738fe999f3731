/**
 * CSV files for spreadsheet programs: every cell quoted (RFC 4180) and CRLF line ends, ';' between fields and a
 * UTF-8 byte order mark, so that German Excel opens them with umlauts and columns intact.
 */

import { downloadBlob } from './files';

export type CsvCell = string | number | boolean | null | undefined;

export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

// A text cell starting with one of these is a formula to spreadsheet programs (CSV injection), also
// after leading blanks, line breaks or quotes, which some programs skip (and in the full-width forms,
// which some fold to ASCII); renters type their own names and phone numbers, so such cells get a
// leading apostrophe.
const FORMULA_START = /^[\s"']*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NUMBER = /^[+-]?\d+([.,]\d+)?$/;

/**
 * One cell, always quoted (RFC 4180, quotes doubled): whichever separator a program reads the file with,
 * a separator or line break inside a cell cannot start a new cell there. Numbers stay numbers; text that
 * would start a formula is neutralised.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'boolean') return value ? '"ja"' : '"nein"';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMBER.test(text)) {
    text = `'${text}`;
  }
  return `"${text.replaceAll('"', '""')}"`;
}

/** The rows as CSV text (without the byte order mark), each line ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[], separator = CSV_SEPARATOR): string {
  return rows.map((row) => row.map(csvCell).join(separator) + '\r\n').join('');
}

/** The complete file content: byte order mark and CSV text. */
export function csvFileContent(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + toCsv(rows);
}

/** A name part for a file: umlauts spelled out, anything but letters, digits and '-' becomes '-'. */
export function fileNamePart(text: string): string {
  return text
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Lets the browser save the rows as a CSV file. */
export function downloadCsv(fileName: string, rows: readonly (readonly CsvCell[])[]): void {
  downloadBlob(fileName, new Blob([csvFileContent(rows)], { type: 'text/csv;charset=utf-8' }));
}

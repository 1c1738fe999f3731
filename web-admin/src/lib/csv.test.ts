import { describe, expect, it } from 'vitest';
import { csvCell, csvFileContent, fileNamePart, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', '"plain"'],
    ['Müller', '"Müller"'],
    ['', '""'],
    [null, '""'],
    [undefined, '""'],
    [42, '"42"'],
    [650.5, '"650.5"'],
    [-5, '"-5"'],
    [true, '"ja"'],
    [false, '"nein"'],
    // RFC 4180: every field quoted, quotes doubled
    ['a;b', '"a;b"'],
    ['a,b', '"a,b"'],
    ['a\tb', '"a\tb"'],
    ['sagt "hallo"', '"sagt ""hallo"""'],
    ['Zeile 1\nZeile 2', '"Zeile 1\nZeile 2"'],
    ['Zeile 1\r\nZeile 2', '"Zeile 1\r\nZeile 2"'],
    [' leading space', '" leading space"'],
    ['Hauptstraße 1, Hinterhaus', '"Hauptstraße 1, Hinterhaus"'],
    // numbers typed as text stay numbers
    ['-5', '"-5"'],
    ['+49', '"+49"'],
    ['12,50', '"12,50"'],
  ])('%j → %j', (value, want) => expect(csvCell(value)).toBe(want));

  it.each([
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+49 170 1234567', '"\'+49 170 1234567"'],
    ['-1+2', '"\'-1+2"'],
    ['@sum(A1)', '"\'@sum(A1)"'],
    ['\t=1+1', '"\'\t=1+1"'],
    ['\r=1+1', '"\'\r=1+1"'],
    // after leading blanks, line breaks and quotes, which some programs skip
    ['  =1+1', '"\'  =1+1"'],
    ['\n=1+1', '"\'\n=1+1"'],
    ['"=1+1"', '"\'""=1+1"""'],
    ["'=1+1", '"\'\'=1+1"'],
    // full-width forms, which some programs fold to ASCII
    ['\uFF1D1+1', '"\'\uFF1D1+1"'],
  ])('neutralises the formula %j → %j', (value, want) => expect(csvCell(value)).toBe(want));
});

describe('toCsv', () => {
  it('joins quoted cells with ; and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['Etage', 'Wohnung'],
        ['EG', 'A 1;2'],
      ]),
    ).toBe('"Etage";"Wohnung"\r\n"EG";"A 1;2"\r\n');
  });

  // A spreadsheet program may guess another separator: then a cell's text must neither start a new
  // cell nor a formula there.
  it.each([',', '\t', ';'])('read with %j as the separator, no cell starts a formula', (separator) => {
    const csv = toCsv([['Weg 1,=1+1', 'a\t=1+1', 'x;@SUM(A1)', 'Zeile\n-1+2']]);
    for (const cell of splitQuoted(csv.trimEnd(), separator)) {
      expect(cell).toMatch(/^"/);
      expect(cell.slice(1)).not.toMatch(/^[\s"]*[=+\-@]/);
    }
  });

  it('gives nothing for no rows', () => expect(toCsv([])).toBe(''));
});

/** Splits a CSV line the way RFC 4180 readers do: separators inside quotes belong to the cell. */
function splitQuoted(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

describe('csvFileContent', () => {
  it('starts with the UTF-8 byte order mark', () => {
    const content = csvFileContent([['Ä', 'ß']]);
    expect(content.charCodeAt(0)).toBe(0xfeff);
    expect(content.slice(1)).toBe('"Ä";"ß"\r\n');
    expect(Array.from(new TextEncoder().encode(content).slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('fileNamePart', () => {
  it.each([
    ['WiSe 26/27', 'WiSe-26-27'],
    ['Sommersemester 2027', 'Sommersemester-2027'],
    ['Größe & Übung', 'Groesse-Uebung'],
    ['  --x--  ', 'x'],
    ['Café', 'Cafe'],
  ])('%s → %s', (text, want) => expect(fileNamePart(text)).toBe(want));
});

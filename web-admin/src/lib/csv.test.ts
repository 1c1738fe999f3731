import { describe, expect, it } from 'vitest';
import { csvCell, csvFileContent, fileNamePart, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['Müller', 'Müller'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [650.5, '650.5'],
    [true, 'ja'],
    [false, 'nein'],
    // RFC 4180: fields with the separator, quotes or line breaks are quoted, quotes doubled
    ['a;b', '"a;b"'],
    ['sagt "hallo"', '"sagt ""hallo"""'],
    ['Zeile 1\nZeile 2', '"Zeile 1\nZeile 2"'],
    ['Zeile 1\r\nZeile 2', '"Zeile 1\r\nZeile 2"'],
    [' leading space', '" leading space"'],
    // a comma is not the separator here
    ['Hauptstraße 1, Hinterhaus', 'Hauptstraße 1, Hinterhaus'],
    // formulas are defused
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+49 170 1234567', "'+49 170 1234567"],
    ['@sum', "'@sum"],
    ['-5', '-5'],
  ])('%j → %j', (value, want) => expect(csvCell(value)).toBe(want));

  it('quotes for another separator', () => {
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a;b', ',')).toBe('a;b');
  });
});

describe('toCsv', () => {
  it('joins cells with ; and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['Etage', 'Wohnung'],
        ['EG', 'A 1;2'],
      ]),
    ).toBe('Etage;Wohnung\r\nEG;"A 1;2"\r\n');
  });

  it('gives nothing for no rows', () => expect(toCsv([])).toBe(''));
});

describe('csvFileContent', () => {
  it('starts with the UTF-8 byte order mark', () => {
    const content = csvFileContent([['Ä', 'ß']]);
    expect(content.charCodeAt(0)).toBe(0xfeff);
    expect(content.slice(1)).toBe('Ä;ß\r\n');
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

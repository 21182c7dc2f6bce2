import { describe, expect, it } from 'vitest';
import { ImportFileError, parseImportCsv } from './import-csv.js';

describe('parseImportCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, and keeps formulas as text', () => {
    const rows = parseImportCsv('text,accounts\n"One, two\nthree ""quoted""",@x\n=SUM(A1:A2),@x\n');
    expect(rows.map((row) => row.text)).toEqual(['One, two\nthree "quoted"', '=SUM(A1:A2)']);
  });

  it('detects `;` as the separator and ignores a byte-order mark, CRLF and empty lines', () => {
    const rows = parseImportCsv('\uFEFF TEXT ;Accounts;Link\r\nHallo, Welt;@x;https://a.example\r\n\r\n');
    expect(rows).toEqual([
      { text: 'Hallo, Welt', accounts: '@x', time: '', media_urls: '', link: 'https://a.example' },
    ]);
  });

  it('refuses a file without an accounts column, or over 1,000 rows, with a message to show', () => {
    expect(() => parseImportCsv('text,time\nHi,\n')).toThrow(
      new ImportFileError('The file needs an "accounts" column.'),
    );
    const big = ['text,accounts', ...Array.from({ length: 1001 }, (_, i) => `Post ${i},@x`)].join('\n');
    expect(() => parseImportCsv(big)).toThrow(
      'A file can hold at most 1,000 posts; this one has 1,001. Split it into several files.',
    );
  });
});

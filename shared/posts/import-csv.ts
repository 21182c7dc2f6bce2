import Papa from 'papaparse';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportRowInput } from './import.js';

/** A file that cannot be imported at all, with the message to show. */
export class ImportFileError extends Error {}

const BOM = '\uFEFF';

/**
 * A bulk-import CSV as rows of text cells, with papaparse: quoted fields (embedded commas,
 * newlines and doubled quotes), a byte-order mark, CRLF or LF, and `,`, `;` (European
 * spreadsheets) or a tab as the separator, whichever the header line uses. Cells stay text:
 * nothing is evaluated, so `=HYPERLINK(...)` is imported as those characters. Column names are
 * matched without case and surrounding spaces; unknown columns are ignored.
 */
export function parseImportCsv(csv: string): ImportRowInput[] {
  const text = csv.startsWith(BOM) ? csv.slice(BOM.length) : csv;
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = result.meta.fields ?? [];
  if (fields.length === 0 || !fields.some((field) => (IMPORT_COLUMNS as readonly string[]).includes(field))) {
    throw new ImportFileError(text.trim() ? IMPORT_MESSAGES.noHeader : IMPORT_MESSAGES.empty);
  }
  if (!fields.includes('accounts')) throw new ImportFileError(IMPORT_MESSAGES.missingAccounts);
  if (!fields.includes('text') && !fields.includes('media_urls')) {
    throw new ImportFileError(IMPORT_MESSAGES.missingText);
  }
  if (result.data.length > IMPORT_MAX_ROWS) {
    throw new ImportFileError(IMPORT_MESSAGES.tooManyRows(result.data.length));
  }
  const broken = result.errors.find((error) => error.type === 'Quotes' || error.code === 'TooManyFields');
  if (broken) {
    const reason =
      broken.type === 'Quotes'
        ? 'a quoted cell is not closed'
        : 'it has more cells than the header (put a cell with a comma between double quotes)';
    // papaparse counts a quote error's row with the header line, a field-count error's without it.
    const row = (broken.row ?? 0) + (broken.type === 'Quotes' ? 0 : 1);
    throw new ImportFileError(IMPORT_MESSAGES.unreadable(Math.max(1, row), reason));
  }
  if (result.data.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  return result.data.map((record) => ({
    text: record.text ?? '',
    accounts: record.accounts ?? '',
    time: record.time ?? '',
    media_urls: record.media_urls ?? '',
    link: record.link ?? '',
  }));
}

import { IMPORT_TEMPLATE_CSV } from '../../../../shared/posts/import';
import { Button } from '../../../components/button';

/** The template as a file download (a BOM so spreadsheets read it as UTF-8). */
function downloadTemplate() {
  const blob = new Blob([`\uFEFF${IMPORT_TEMPLATE_CSV}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'postloom-import-template.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/** Upload a CSV file or paste its text; the template downloads from here. */
export function ImportSource({ csv, onChange }: { csv: string; onChange: (csv: string) => void }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-gray-300 bg-white px-4 font-medium text-gray-700 text-sm shadow-sm hover:bg-gray-50">
          Upload CSV
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            className="sr-only"
            data-testid="import-file"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) onChange(await file.text());
              event.target.value = '';
            }}
          />
        </label>
        <Button variant="ghost" onClick={downloadTemplate}>
          Download template CSV
        </Button>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-gray-900">Or paste the CSV</span>
        <textarea
          className="h-32 w-full rounded-lg border border-gray-300 px-3 py-2 font-mono text-xs"
          placeholder="text,accounts,time,media_urls,link"
          value={csv}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <p className="text-gray-500 text-xs">
        Columns: text, accounts (handles or names, separated by ;), time (your time zone, or ISO 8601 with an
        offset; empty for the next free time), media_urls (separated by ;), link. Up to 1,000 rows.
      </p>
    </div>
  );
}

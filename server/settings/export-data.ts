import { PassThrough, Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { safeFileName } from '../media/media-checks.js';
import { mediaStore } from '../media/media-store.js';
import { type Deps, EXPORTERS } from './export-files.js';

/**
 * "Download my data": a zip of the JSON files above and every media file, streamed (a large
 * library never sits in memory: the zip waits while the download is slower than the disk).
 */
export function createDataExport(deps: Deps, userId: string): ReadableStream<Uint8Array> {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const drained = () =>
    out.writableNeedDrain
      ? new Promise<void>((resolve) => out.once('drain', () => resolve()))
      : Promise.resolve();

  void (async () => {
    for (const exporter of EXPORTERS) {
      const entry = new ZipDeflate(exporter.file, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(JSON.stringify(await exporter.read(deps, userId), null, 2)), true);
      await drained();
    }
    const media = await deps.db
      .selectFrom('media')
      .select(['id', 'originalName', 'storagePath'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute();
    for (const file of media) {
      const entry = new ZipPassThrough(`media/${file.id}-${safeFileName(file.originalName)}`);
      zip.add(entry);
      try {
        for await (const chunk of await mediaStore(deps.config).read(file.storagePath)) {
          entry.push(chunk as Uint8Array);
          await drained();
        }
      } catch {
        // A file missing from storage ends its entry short rather than failing the whole export.
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));

  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

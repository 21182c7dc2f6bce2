/** Loaded with the first upload: its signature tables would otherwise be held from the start. */
const fileType = () => import('file-type');

interface SniffedType {
  mimeType: string;
  ext: string;
}

// Legacy Office files are OLE compound files: file-type sees the container only. Which of the
// three it is cannot be read cheaply from the bytes, so the name picks among these three only;
// any other name keeps the container type and is refused.
const COMPOUND_DOCUMENTS: Record<string, SniffedType> = {
  doc: { mimeType: 'application/msword', ext: 'doc' },
  xls: { mimeType: 'application/vnd.ms-excel', ext: 'xls' },
  ppt: { mimeType: 'application/vnd.ms-powerpoint', ext: 'ppt' },
  pps: { mimeType: 'application/vnd.ms-powerpoint', ext: 'pps' },
};

// file-type's names for a few formats differ from the names the platform rules list.
const ALIASES: Record<string, string> = {
  'video/vnd.avi': 'video/x-msvideo',
  'video/matroska': 'video/x-matroska',
  'video/x-m4v': 'video/mp4',
  'application/vnd.ms-asf': 'video/x-ms-asf',
};

function refine(found: SniffedType | undefined, originalName: string): SniffedType | null {
  if (!found) return null;
  const result = { ...found, mimeType: ALIASES[found.mimeType] ?? found.mimeType };
  if (result.mimeType === 'application/x-cfb') {
    const ext = originalName.split('.').pop()?.toLowerCase() ?? '';
    return COMPOUND_DOCUMENTS[ext] ?? result;
  }
  return result;
}

/**
 * The type of a stored file, read from its content (magic numbers), never from its name or the
 * declared type. Plain text formats have no signature and come back null (refused).
 */
export async function sniffFileType(filePath: string, originalName: string): Promise<SniffedType | null> {
  const { fileTypeFromFile } = await fileType();
  const result = await fileTypeFromFile(filePath);
  return refine(result && { mimeType: result.mime, ext: result.ext }, originalName);
}

/** A first guess from the opening bytes while the upload streams (used only to stop oversized uploads early). */
export async function sniffHead(head: Uint8Array, originalName: string): Promise<SniffedType | null> {
  const { fileTypeFromBuffer } = await fileType();
  const result = await fileTypeFromBuffer(head);
  return refine(result && { mimeType: result.mime, ext: result.ext }, originalName);
}

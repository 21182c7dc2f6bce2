/**
 * Spec 02 section 5: accents stripped, every non-alphanumeric becomes an underscore; the extension
 * (lower-cased, alphanumerics only) is kept after its dot. An empty base becomes "file".
 */
export function sanitizeFileName(name: string): string {
  const baseName = name.split(/[\\/]/).pop() ?? '';
  const dot = baseName.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < baseName.length - 1;
  const stem = hasExtension ? baseName.slice(0, dot) : baseName;
  const extension = hasExtension ? baseName.slice(dot + 1) : '';
  const clean = (part: string) =>
    part
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]/g, '_');
  const cleanStem = clean(stem) || 'file';
  const cleanExtension = extension
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  return cleanExtension ? `${cleanStem}.${cleanExtension}` : cleanStem;
}

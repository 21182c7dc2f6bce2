import { useEffect, useState } from 'react';
import type { ImportProgress } from '../../../../shared/posts/import';
import { IMPORT_PROGRESS_EVENT } from '../../../lib/window-events';

/**
 * The latest `import.progress` the server sent for this page's own import (matched by the
 * progressId it chose), as the tab's live stream hands it on; null before the first one.
 */
export function useImportProgress(progressId: string | null): ImportProgress | null {
  const [latest, setLatest] = useState<ImportProgress | null>(null);
  useEffect(() => {
    if (!progressId) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<ImportProgress | null>).detail;
      if (detail?.progressId === progressId) setLatest(detail);
    };
    window.addEventListener(IMPORT_PROGRESS_EVENT, listener);
    return () => window.removeEventListener(IMPORT_PROGRESS_EVENT, listener);
  }, [progressId]);
  return latest && latest.progressId === progressId ? latest : null;
}

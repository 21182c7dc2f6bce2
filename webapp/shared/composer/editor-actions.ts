/**
 * What a platform editor (SingleEditor, ChainEditor) asks of whoever holds the post it edits: the
 * single-post composer (use-composer.ts) or one version of the multi-account composer.
 */
export interface EditorActions {
  setPostType(postType: string): void;
  setContent(itemKey: string, content: string): void;
  setMetadata(patch: Record<string, unknown>): void;
  /** Returns the new item's key so the editor can switch to its tab. */
  addItem(): string;
  removeItem(itemKey: string): void;
  moveItem(from: number, to: number): void;
  removeMedia(mediaKey: string): void;
  addFiles(itemKey: string, files: File[], pasted?: boolean): void;
}

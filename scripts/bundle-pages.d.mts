// Types of scripts/bundle-pages.mjs for the Playwright story that uses it.

export interface BundlePage {
  path: string;
  budgetKiB?: number;
  modules: string[];
}
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

export const KIB: number;
export const CHUNK_LIMIT_BYTES: number;
export const PAGES: BundlePage[];
export function readManifest(outDir: string): ViteManifest | null;
export function pageFiles(manifest: ViteManifest, page: BundlePage): Set<string>;
export function gzippedSize(bytes: Uint8Array): number;
export function oversizedChunks(manifest: ViteManifest, outDir: string): { file: string; bytes: number }[];

import crypto from 'node:crypto';
import { escapeHtml } from '../sandbox-html.js';
import type { SandboxContextC } from '../sandbox-types.js';

/** A platform's own error page for an authorize request it cannot serve (bad client or redirect). */
export function errorPage(c: SandboxContextC, platformName: string, message: string): Response {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(platformName)}</title></head><body style="font-family:system-ui;padding:24px"><h1>${escapeHtml(platformName)}</h1><p>${escapeHtml(message)}</p></body></html>`,
    400,
  );
}

/** Deterministic pseudo-random integer in [0, max) from a string (stable demo metrics). */
function stableNumber(seed: string, max: number): number {
  const digest = crypto.createHash('sha256').update(seed).digest();
  return digest.readUInt32BE(0) % max;
}

/** Demo engagement that grows with a post's age so analytics charts have something to show. */
export function demoMetric(seed: string, createdAt: string, now: number, perHour: number): number {
  const hours = Math.max(0, (now - Date.parse(createdAt)) / 3_600_000);
  const base = stableNumber(seed, perHour + 1);
  return Math.floor(base * Math.min(hours + 1, 72) ** 0.8);
}

/**
 * A follower count that grows by a few a day from a fixed start (2026-01-01), the same for
 * every call on one day: analytics sees plausible, deterministic growth.
 */
export function demoFollowers(seed: string, base: number, now: number): number {
  const days = Math.max(0, Math.floor((now - Date.UTC(2026, 0, 1)) / 86_400_000));
  return base + days * (2 + stableNumber(`${seed}:rate`, 4)) + stableNumber(`${seed}:${days}`, 5);
}

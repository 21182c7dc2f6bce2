import { SANDBOX_MAX_LIST_DELAY_MS } from '../../shared/platforms/sandbox-contract.js';
import type { RequestLogEntry, SandboxSettings, SandboxState } from './sandbox-types.js';

/** Request log capacity: a ring buffer, so a 2,000-post benchmark never grows memory unbounded. */
export const REQUEST_LOG_CAPACITY = 20_000;

const DEFAULT_SETTINGS: SandboxSettings = {
  autoApprove: false,
  containerDelayMs: 1500,
  rateLimits: true,
  listDelayMs: SANDBOX_MAX_LIST_DELAY_MS,
};

/** True once a post created at `createdAt` (virtual ms) shows in the platform's list endpoints. */
export function isListed(settings: SandboxSettings, createdAt: number, now: number): boolean {
  return now - createdAt >= Math.min(settings.listDelayMs, SANDBOX_MAX_LIST_DELAY_MS);
}

export function createSandboxState(settings: Partial<SandboxSettings> = {}): SandboxState {
  const initialSettings = { ...DEFAULT_SETTINGS, ...dropUndefined(settings) };
  initialSettings.listDelayMs = Math.min(initialSettings.listDelayMs, SANDBOX_MAX_LIST_DELAY_MS);
  return {
    initialSettings,
    settings: { ...initialSettings },
    clockOffsetMs: 0,
    clients: new Map(),
    codes: new Map(),
    tokens: new Map(),
    consents: new Map(),
    faults: [],
    requests: [],
    requestsNext: 0,
    posts: [],
    rateWindows: new Map(),
    modules: new Map(),
    hosts: new Map(),
  };
}

/** Forgets everything (clients, tokens, posts, faults, log, clock) but keeps the registered hosts. */
export function resetSandboxState(state: SandboxState): void {
  state.settings = { ...state.initialSettings };
  state.clockOffsetMs = 0;
  state.clients.clear();
  state.codes.clear();
  state.tokens.clear();
  state.consents.clear();
  state.faults = [];
  state.requests = [];
  state.requestsNext = 0;
  state.posts = [];
  state.rateWindows.clear();
  state.modules.clear();
}

export function logRequest(state: SandboxState, entry: RequestLogEntry): void {
  if (state.requests.length < REQUEST_LOG_CAPACITY) {
    state.requests.push(entry);
    return;
  }
  state.requests[state.requestsNext] = entry;
  state.requestsNext = (state.requestsNext + 1) % REQUEST_LOG_CAPACITY;
}

/** The log oldest first. */
export function listRequests(state: SandboxState): RequestLogEntry[] {
  if (state.requests.length < REQUEST_LOG_CAPACITY) return state.requests.slice();
  return [...state.requests.slice(state.requestsNext), ...state.requests.slice(0, state.requestsNext)];
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Plain string comparisons only: a pattern from the control API must never be able to stall the process. */
export function matchesPath(
  filter: { path?: string; pathPrefix?: string; pathSuffix?: string },
  path: string,
): boolean {
  if (filter.path !== undefined && path !== filter.path) return false;
  if (filter.pathPrefix !== undefined && !path.startsWith(filter.pathPrefix)) return false;
  if (filter.pathSuffix !== undefined && !path.endsWith(filter.pathSuffix)) return false;
  return true;
}

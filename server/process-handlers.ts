import type { Logger } from './core/logger.js';

/**
 * A promise rejected with nobody listening is a bug, but not a reason to stop publishing for
 * everyone: it is logged and the process keeps running (Node would otherwise exit).
 */
export function logUnhandledRejections(logger: Logger): void {
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled promise rejection', { error: reason });
  });
}

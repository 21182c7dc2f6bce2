import { CALLBACK_PATHS } from '../shared/accounts/callback-paths.js';
import { PLATFORM_IDS } from '../shared/platforms/ids.js';
import type { Config } from './config.js';
import type { Logger } from './core/logger.js';
import { SMTP_HINT } from './mail/mailer.js';
import { ENV_PREFIX, platformMode } from './platforms/platform-endpoints.js';

/**
 * What an operator must configure, said once at start: SMTP on a public server, credentials
 * for platforms that are unavailable, and a reminder when demo mode is on for the public.
 */
export function logStartupAdvice(config: Config, logger: Logger): void {
  if (!config.SMTP_URL && !config.isLocal) logger.warn(SMTP_HINT);
  if (!config.SMTP_URL && config.isLocal) {
    logger.info(`E-mail goes to the local outbox at ${config.APP_URL}/dev/mail (set SMTP_URL to send it).`);
  }
  const unavailable = PLATFORM_IDS.filter((platform) => platformMode(config, platform) === 'unavailable');
  for (const platform of unavailable) {
    const prefix = ENV_PREFIX[platform];
    logger.warn(
      `${platform} is unavailable: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, with the callback ${config.APP_URL}${CALLBACK_PATHS[platform]} in its developer console.`,
    );
  }
  if (unavailable.length > 0 && !config.isLocal) {
    logger.info('Demo mode is off because APP_URL is public; set DEMO_MODE=on to try the built-in sandbox.');
  }
  if (config.DEMO_MODE && !config.isLocal && !config.SANDBOX_URL) {
    logger.warn(
      'DEMO_MODE=on with a public APP_URL: platforms without credentials are simulated by the built-in sandbox.',
    );
  }
}

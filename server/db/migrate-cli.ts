import { ConfigError, loadConfig } from '../config.js';
import { databaseOptions, migrateToLatest, openDatabase } from './database.js';
import { describeDatabaseError } from './database-errors.js';

// `npm run db:migrate`: brings DATABASE_URL's PostgreSQL, or the SQLite file in DATA_DIR, up to
// date. A bad configuration ends with one line and exit code 1, never a stack trace.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const options = databaseOptions(config);
const db = openDatabase(options);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} catch (error) {
  console.error(`Cannot migrate: ${describeDatabaseError(error, options.url)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

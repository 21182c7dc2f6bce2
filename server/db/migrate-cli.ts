import { loadConfig } from '../config.js';
import { databaseFile, migrateToLatest, openDatabase } from './database.js';

const config = loadConfig();
const db = openDatabase({ file: databaseFile(config.dataDir) });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.destroy();
}

import type { Db } from '../db/database.js';
import { sqlDialect } from '../db/sql-dialect.js';

/** E-mails are unique whatever their ASCII case (the unique index); lookups match it. */
export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sqlDialect(db).equalsIgnoringCase('email', email.trim()))
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string) {
  return db.selectFrom('users').selectAll().where('googleSub', '=', sub).executeTakeFirst();
}

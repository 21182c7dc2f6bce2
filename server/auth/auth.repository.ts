import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** E-mails are unique whatever their case (the index is NOCASE); lookups match it. */
export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<boolean>`email = ${email.trim()} COLLATE NOCASE`)
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string) {
  return db.selectFrom('users').selectAll().where('googleSub', '=', sub).executeTakeFirst();
}

import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../server/auth/auth.repository.js';
import { newId } from '../../server/core/ids.js';
import type { Db } from '../../server/db/database.js';
import { isUniqueViolation, sqlDialect } from '../../server/db/sql-dialect.js';
import { listRecentNotifications } from '../../server/notifications/notifications.repository.js';
import { nextDueTime } from '../../server/posts/due-posts.js';
import { insertTestUser, openTestDatabase } from '../support/test-database.js';

// The pieces of SQL that differ between SQLite and PostgreSQL (server/db/sql-dialect.ts) answer
// the same on both: this file runs in the integration project (SQLite) and the postgres project.

let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase());
});
afterEach(async () => {
  await close();
});

describe('the SQL that differs between SQLite and PostgreSQL', () => {
  it('finds an e-mail whatever the case of its ASCII letters, and only those', async () => {
    const id = await insertTestUser(db);
    await db.updateTable('users').set({ email: 'Ann.Lee@Example.com' }).where('id', '=', id).execute();
    expect((await findUserByEmail(db, 'ann.lee@EXAMPLE.COM'))?.id).toBe(id);
    expect(await findUserByEmail(db, 'ann.lee@example.co')).toBeUndefined();

    const other = await insertTestUser(db);
    const taken = await db
      .updateTable('users')
      .set({ email: 'ANN.LEE@example.com' })
      .where('id', '=', other)
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(taken)).toBe(true);
  });

  it('matches LIKE patterns ignoring case, with the escape character', async () => {
    const matches = async (text: string, pattern: string) => {
      const { rows } = await sql<{ hit: number }>`
        select case when ${sqlDialect(db).likeIgnoringCase(sql`${text}`, pattern)} then 1 else 0 end as hit`.execute(
        db,
      );
      return Number(rows[0]?.hit) === 1;
    };
    expect(await matches('Launch DAY is here', '%day%')).toBe(true);
    expect(await matches('100% sure', '%0\\%%')).toBe(true);
    expect(await matches('1000 sure', '%0\\%%')).toBe(false);
  });

  it('builds a JSON array of objects as text, empty for no rows, in the order asked', async () => {
    const posts = await sqlDialect(db).jsonArrayOfObjects(
      db,
      [
        ['n', sql`n`, 'number'],
        ['label', sql`label`, 'text'],
        ['code', sql`code`, 'token'],
        ['media', sqlDialect(db).jsonArrayLength('media'), 'number'],
        ['none', sql`null`, 'text'],
        ['note', sql`note`, 'text', 'optional'],
        ['tag', sql`tag`, 'token', 'optional'],
      ],
      sql`(
        select 2 as n, 'two "quoted"' as label, 'b' as code, '["a","b"]' as media, cast(null as text) as note,
          'x' as tag
        union all select 1, cast(${'one\nline'} as text), 'a', '[]', 'null', null
        order by n
      )`,
      sql`n`,
    );
    expect(JSON.parse(posts)).toEqual([
      { n: 1, label: 'one\nline', code: 'a', media: 0, none: null, note: 'null' },
      { n: 2, label: 'two "quoted"', code: 'b', media: 2, none: null, tag: 'x' },
    ]);

    const none = await sqlDialect(db).jsonArrayOfObjects(
      db,
      [['n', sql`n`, 'number']],
      sql`(select 1 as n where 1 > 1)`,
      sql`n`,
    );
    expect(none).toBe('[]');

    // An optional first member would leave the object to start with a comma.
    await expect(
      sqlDialect(db).jsonArrayOfObjects(
        db,
        [['n', sql`n`, 'number', 'optional']],
        sql`(select 1 as n)`,
        sql`n`,
      ),
    ).rejects.toThrow('The first member of a JSON object cannot be optional');
  });

  it('reads a list of numbers from one parameter', async () => {
    const { rows } = await sql<{
      value: number;
    }>`select value from ${sqlDialect(db).numbersOf([3, 1, 2])} as ids
      order by value`.execute(db);
    expect(rows.map((row) => Number(row.value))).toEqual([1, 2, 3]);
  });

  it('lists notifications of one millisecond newest first, in the order they were written', async () => {
    const userId = await insertTestUser(db);
    const at = Date.now();
    for (const title of ['first', 'second', 'third']) {
      await db
        .insertInto('notifications')
        .values({
          id: newId(),
          userId,
          type: 'system',
          title,
          message: title,
          read: 0,
          data: null,
          createdAt: at,
        })
        .execute();
    }
    const rows = await listRecentNotifications(db, userId, 10);
    expect(rows.map((row) => row.title)).toEqual(['third', 'second', 'first']);
  });

  it('answers the next due time from either index range, or null', async () => {
    expect(await nextDueTime(db)).toBeNull();
    const userId = await insertTestUser(db);
    const post = (id: string, scheduledAt: number, nextAttemptAt: number | null) =>
      db
        .insertInto('scheduledPosts')
        .values({
          id,
          userId,
          platform: 'twitter',
          content: '',
          media: '[]',
          metadata: '{}',
          postType: 'normal',
          isDraft: 0,
          status: 'scheduled',
          scheduledAt,
          nextAttemptAt,
          createdAt: 1,
          updatedAt: 1,
        })
        .execute();
    await post('a', 5_000_000_000_000, null);
    expect(await nextDueTime(db)).toBe(5_000_000_000_000);
    await post('b', 1_000, 4_000_000_000_000);
    expect(await nextDueTime(db)).toBe(4_000_000_000_000);
  });
});

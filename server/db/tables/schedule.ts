/** Tables of posting schedules (schedule); the Database interface in ../schema.ts lists every table. */

export interface PostingSchedulesTable {
  id: string;
  userId: string;
  /** null: the user's default schedule, used by every account without its own. */
  socialAccountId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface PostingTimesTable {
  id: string;
  scheduleId: string;
  userId: string;
  /** 0 = Sunday ... 6 = Saturday */
  day: number;
  /** 'HH:MM' (24-hour) in the user's time zone */
  time: string;
  createdAt: number;
}

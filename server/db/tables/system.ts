import type { Generated } from 'kysely';

/** Tables of the instance's own state and local mail outbox; the Database interface in ../schema.ts lists every table. */

export interface AppStateTable {
  key: string;
  value: string;
  updatedAt: number;
}

export interface MailOutboxTable {
  id: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  createdAt: number;
}

/** A running process's heartbeat (server/cluster/workers.ts). */
export interface WorkersTable {
  id: string;
  role: string;
  host: string;
  pid: number;
  startedAt: number;
  lastSeenAt: number;
}

/** One tick of a timed job, run once for the install (server/cluster/job-ticks.ts). */
export interface JobTicksTable {
  name: string;
  tickAt: number;
  owner: string;
  leaseUntil: number;
  startedAt: number;
  finishedAt: number | null;
}

/** A create request counted against an account's posting cap (server/publishing/posting-slots.ts). */
export interface PostingSlotsTable {
  id: Generated<number>;
  socialAccountId: string;
  platform: string;
  postId: string;
  takenAt: number;
}

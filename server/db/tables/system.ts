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

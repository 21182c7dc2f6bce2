import { z } from 'zod';

/** `POST /api/media/from-url`: the server downloads this http(s) address into the user's media. */
export const MediaFromUrlInput = z.object({
  url: z.string().trim().min(1, 'Please enter a valid address.').max(2048, 'The address is too long.'),
});
export type MediaFromUrlInput = z.infer<typeof MediaFromUrlInput>;

import { z } from 'zod';

/** Realtime: a question of the company was recorded, answered or confirmed live. */
export const qaChangedEventSchema = z.object({
  companyId: z.number().int(),
  questionId: z.number().int().nullable(),
});
export type QaChangedEvent = z.infer<typeof qaChangedEventSchema>;

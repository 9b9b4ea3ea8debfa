import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
});

const dependencyStatusSchema = z.enum(['up', 'down', 'not_configured']);

export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: dependencyStatusSchema,
    redis: dependencyStatusSchema,
  }),
  // Ready without Redis: what does not work until it is back.
  degraded: z.string().optional(),
  error: z.string().optional(),
  code: z.literal('unavailable').optional(),
});

export type DependencyStatus = z.infer<typeof dependencyStatusSchema>;

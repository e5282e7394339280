/**
 * Product §3 paged lists and the limit/offset query that pages them (docs/architecture.md "API
 * conventions").
 */
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.ts';
import { UrlSchema } from './fields.ts';

/** `next` and `previous` are absolute URLs of the neighbouring pages, or null at either end. */
export function pagedListSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.int().min(0),
    next: UrlSchema.nullable(),
    previous: UrlSchema.nullable(),
    results: z.array(item),
  });
}

export type PagedList<Item> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
};

// Query strings arrive as text, hence the coercion.
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

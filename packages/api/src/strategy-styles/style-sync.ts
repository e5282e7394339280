import { type Db, schema } from '@ballast/db';
import { sql } from 'drizzle-orm';
import { STYLE_DEFINITIONS } from './style-definitions.ts';

/** Writes the release's style definitions over the stored ones, so an upgrade brings new options. */
export async function syncStrategyStyles(db: Db): Promise<void> {
  const { strategyStyles } = schema;
  await db
    .insert(strategyStyles)
    .values(
      STYLE_DEFINITIONS.map((style, position) => ({
        name: style.name,
        position,
        summary: style.summary,
        description: style.description,
        formOptions: style.options,
        defaultStrategy: style.defaultStrategy,
      })),
    )
    .onConflictDoUpdate({
      target: strategyStyles.name,
      set: {
        position: sql`excluded.position`,
        summary: sql`excluded.summary`,
        description: sql`excluded.description`,
        formOptions: sql`excluded.form_options`,
        defaultStrategy: sql`excluded.default_strategy`,
      },
    });
}

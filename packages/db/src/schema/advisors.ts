import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns.ts';
import { firmOwnedColumns } from './firm-owned-columns.ts';

/**
 * The people who use Ballast. An advisor signs in through the identity service with the same
 * e-mail address; the address is unique across firms so one sign-in means one advisor.
 */
export const advisors = pgTable(
  'advisors',
  {
    ...firmOwnedColumns(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    role: text('role').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    inAppNotification: boolean('in_app_notification').notNull().default(true),
    emailNotification: boolean('email_notification').notNull().default(true),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('advisors_email_idx').on(table.email),
    index('advisors_firm_status_idx').on(table.firmId, table.status),
  ],
);

/**
 * The custodians a firm's accounts are held at (product §3: Fidelity and Schwab). Each firm has
 * its own rows, made with the firm by a trigger (migration 0010), so its administrator can word
 * them and stop offering one (decision 022).
 */
export const custodians = pgTable(
  'custodians',
  {
    ...firmOwnedColumns(),
    name: text('name').notNull(),
    product: text('product').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('A'),
  },
  (table) => [uniqueIndex('custodians_firm_name_idx').on(table.firmId, table.name)],
);

/**
 * Product §2 and product §5 user-settings modal: the fields an advisor may edit about themselves
 * (product §6).
 */
import type { z } from 'zod';
import { AdvisorUpdateSchema } from '../entities/advisor.ts';
import { isValidPhoneNumber } from '../phone.ts';

/** Status, role and e-mail are shown read-only and come from the loaded advisor on submit. */
export const SettingsFormSchema = AdvisorUpdateSchema.pick({
  first_name: true,
  last_name: true,
  phone: true,
  address: true,
  address2: true,
  city: true,
  state: true,
  zip_code: true,
  email_notification: true,
});
export type SettingsForm = z.infer<typeof SettingsFormSchema>;

/**
 * Product §5: Submit is disabled until names are present and phone is empty or exactly 10 digits.
 */
export function canSubmitSettings(
  values: Partial<Pick<SettingsForm, 'first_name' | 'last_name' | 'phone'>>,
): boolean {
  const { first_name = '', last_name = '', phone = '' } = values;
  return first_name.trim() !== '' && last_name.trim() !== '' && isValidPhoneNumber(phone);
}

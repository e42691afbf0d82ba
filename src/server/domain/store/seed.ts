import type { Store } from './store.js';
import { generatePassword } from '../operators/passwords.js';

/** What the first start created; `generatedPassword` is set only when the password was not configured. */
export interface SeedResult {
  firstStart: boolean;
  adminLogin: string;
  generatedPassword?: string;
}

/**
 * On an empty database, creates livechat channel 1 ("Website", SPEC.md default texts) and an admin
 * operator who belongs to it. Later starts change nothing, so a printed password is never shown again.
 */
export async function seedIfEmpty(store: Store, admin: { login: string; password: string | undefined }): Promise<SeedResult> {
  if (!(await store.isEmpty())) return { firstStart: false, adminLogin: admin.login };
  const channel = await store.createChannel({ name: 'Website' });
  const generated = admin.password === undefined ? generatePassword() : undefined;
  const operator = await store.createOperator({
    login: admin.login,
    display_name: 'Administrator',
    password: admin.password ?? (generated as string),
    is_admin: true,
  });
  await store.addChannelOperator(channel.id, operator.id);
  return generated === undefined ? { firstStart: true, adminLogin: admin.login } : { firstStart: true, adminLogin: admin.login, generatedPassword: generated };
}

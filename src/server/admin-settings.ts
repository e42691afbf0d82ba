import type { ServerConfig } from './core/config/config.js';
import { cliCommand } from './start-banner.js';
import type { SeedResult, Store } from './domain/store/index.js';

/**
 * LIVECHAT_ADMIN_LOGIN and LIVECHAT_ADMIN_PASSWORD create the first operator and are ignored later, so
 * that a password changed in the console is never undone by a restart. A start that finds them set to
 * something else than the database holds says so, with the command that does apply a new password.
 */
export async function ignoredAdminSettings(store: Store, config: ServerConfig, seed: SeedResult): Promise<string[]> {
  if (seed.firstStart) return [];
  const cli = cliCommand(config.rootDir);
  const operator = await store.getOperatorByLogin(config.adminLogin);
  if (operator === undefined) {
    if (config.adminPassword === undefined && config.adminLogin === 'admin') return [];
    return [
      `LIVECHAT_ADMIN_LOGIN "${config.adminLogin}" is ignored: the first operator was created on the first start; to add this one: ${cli} admin create-operator ${config.adminLogin} "Name" --admin`,
    ];
  }
  if (config.adminPassword === undefined || (await store.checkPassword(config.adminLogin, config.adminPassword))) return [];
  return [
    `LIVECHAT_ADMIN_PASSWORD is ignored: it applies on the first start only, and "${config.adminLogin}" keeps its password; to change it: ${cli} admin reset-password ${config.adminLogin}`,
  ];
}

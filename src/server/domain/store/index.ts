export { KyselyStore } from './kysely-store.js';
export { seedIfEmpty } from './seed.js';
export type { SeedResult } from './seed.js';
export type { MessageWithRelations, Store } from './store.js';
export { storePlugin } from './store-plugin.js';

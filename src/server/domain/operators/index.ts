export { AdminOnlyError, ChannelNotFoundError, adminOnly } from './admin-only.js';
export { operatorAuthPlugin } from './operator-auth.js';
export { operatorPageRoutes } from './operator-page.js';
export { operatorRoutes } from './operator-routes.js';
export { generatePassword } from './passwords.js';
export { webSessionRoutes } from './web-session.js';
export { parseLanguages } from './operator-store.js';

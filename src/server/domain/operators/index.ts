export { AdminOnlyError, ChannelNotFoundError, adminOnly } from './admin-only.js';
export { operatorAuthPlugin } from './operator-auth.js';
export { operatorPageRoutes } from './operator-page.js';
export { OPERATOR_PREFIX, operatorRoutes } from './operator-routes.js';
export { ChannelSettingsSchema, OperatorAccountSchema, OperatorAlertSettingsSchema } from './operator-schemas.js';
export { generatePassword } from './passwords.js';
export { webSessionRoutes } from './web-session.js';

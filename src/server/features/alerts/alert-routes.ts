import type { FastifyInstance } from 'fastify';
import type { OperatorAlertSettings } from '../../../protocol/operator-console.js';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { textOr } from '../../core/schemas/params.js';
import { INVALID_EMAIL, NoParams, SetAlertSettingsParams } from '../../../protocol/schemas/console-params.js';
import { OperatorAlertSettingsSchema } from '../../../protocol/schemas/console.js';
import { parseEmailAddress } from '../../../protocol/email-address.js';
import { ALERT_SETTINGS_ROUTE, SET_ALERT_SETTINGS_ROUTE } from '../../../protocol/console/routes.js';

/**
 * An operator's own alert settings (issue 14), same-origin with its session cookie (protocol/console/routes.ts):
 * - `alert_settings` {} → OperatorAlertSettings;
 * - `set_alert_settings` {email, notify_missed_chat, notify_offline_message, notify_mention?} → OperatorAlertSettings. An
 *   empty address means no alert mails; `notify_mention` left out stays as it was.
 */
export async function operatorAlertRoutes(app: FastifyInstance): Promise<void> {
  const read = async (operatorId: number): Promise<OperatorAlertSettings> =>
    (await app.alertStore.settings(operatorId)) ?? { email: null, notify_missed_chat: false, notify_offline_message: false, notify_mention: false };
  const authorize = (request: Parameters<typeof app.requireOperator>[0]) => app.requireOperator(request);

  app.rpc(
    ALERT_SETTINGS_ROUTE,
    { summary: 'The operator’s own alert e-mails', params: NoParams, result: OperatorAlertSettingsSchema, authorize },
    async (_params, request) => read((await app.requireOperator(request)).id),
  );

  app.rpc(
    SET_ALERT_SETTINGS_ROUTE,
    {
      summary: 'Changes the operator’s own alert e-mails; the settings as saved',
      params: SetAlertSettingsParams,
      result: OperatorAlertSettingsSchema,
      authorize,
    },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const raw = textOr(params.email, '').trim();
      const email = raw === '' ? null : parseEmailAddress(raw);
      if (email === undefined) throw new InvalidParamError(INVALID_EMAIL);
      await app.alertStore.setSettings(operator.id, { email, notify_missed_chat: params.notify_missed_chat, notify_offline_message: params.notify_offline_message, notify_mention: params.notify_mention });
      return read(operator.id);
    },
  );
}

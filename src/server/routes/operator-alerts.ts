import type { FastifyInstance } from 'fastify';
import type { OperatorAlertSettings } from '../../protocol/operator-console.js';
import { InvalidParamError, boolParam, optionalStringParam } from '../livechat/params.js';
import { EMAIL_MAX_LENGTH, parseEmailAddress } from '../mail/email-address.js';

/**
 * An operator's own alert settings (issue 14), same-origin with its session cookie:
 * - `/im_livechat/operator/alert_settings` {} → OperatorAlertSettings;
 * - `/im_livechat/operator/set_alert_settings` {email, notify_missed_chat, notify_offline_message} →
 *   OperatorAlertSettings. An empty address means no alert mails.
 */
export async function operatorAlertRoutes(app: FastifyInstance): Promise<void> {
  const read = async (operatorId: number): Promise<OperatorAlertSettings> =>
    (await app.store.alerts.settings(operatorId)) ?? { email: null, notify_missed_chat: false, notify_offline_message: false };

  app.rpc('/im_livechat/operator/alert_settings', async (_params, request) => read((await app.requireOperator(request)).id));

  app.rpc('/im_livechat/operator/set_alert_settings', async (params, request) => {
    const operator = await app.requireOperator(request);
    const raw = optionalStringParam(params, 'email', EMAIL_MAX_LENGTH + 7, '').trim();
    const email = raw === '' ? null : parseEmailAddress(raw);
    if (email === undefined) throw new InvalidParamError('Invalid email address');
    const settings: OperatorAlertSettings = { email, notify_missed_chat: boolParam(params, 'notify_missed_chat'), notify_offline_message: boolParam(params, 'notify_offline_message') };
    await app.store.alerts.setSettings(operator.id, settings);
    return read(operator.id);
  });
}

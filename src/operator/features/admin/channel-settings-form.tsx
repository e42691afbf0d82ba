import { useEffect, useState, type FormEvent } from 'react';
import type { ChannelRuleAction, ChannelSettings } from '../../../protocol/operator-console.js';
import type { PrechatForm } from '../../../protocol/visitor.js';
import type { MessageKey } from '../../../platform/i18n/index.js';
import type { OperatorApi } from '../../core/api.js';
import { useT } from '../../core/texts.js';
import { Choice } from '../../core/choice.js';
import { OfflineSettingsFieldset, type OfflineDraft } from './offline-settings-fieldset.js';
import { RetentionField } from './retention-field.js';
import { RoutingSettingsFieldset, routingDraftOf, routingValuesOf, type RoutingDraft } from './routing-settings-fieldset.js';

/** Props of {@link ChannelSettingsForm}. */
export interface ChannelSettingsFormProps {
  api: Pick<OperatorApi, 'updateChannel'>;
  channel: ChannelSettings;
  onSaved(channel: ChannelSettings): void;
  onError(err: unknown): void;
}

type TextField = 'name' | 'button_text' | 'default_message' | 'input_placeholder' | 'rule_url_pattern';
type ColourField = 'button_background_color' | 'button_text_color' | 'header_background_color' | 'title_color';

const TEXTS: [TextField, MessageKey][] = [
  ['name', 'operator.admin.channelName'],
  ['button_text', 'operator.admin.buttonText'],
  ['default_message', 'operator.admin.welcome'],
  ['input_placeholder', 'operator.admin.placeholder'],
];

const COLOURS: [ColourField, MessageKey][] = [
  ['button_background_color', 'operator.admin.buttonBackground'],
  ['button_text_color', 'operator.admin.buttonTextColour'],
  ['header_background_color', 'operator.admin.headerBackground'],
  ['title_color', 'operator.admin.titleColour'],
];

const ACTIONS: [ChannelRuleAction, MessageKey][] = [
  ['display_button', 'operator.admin.ruleDisplay'],
  ['auto_popup', 'operator.admin.rulePopup'],
  ['hide_button', 'operator.admin.ruleHide'],
];

const PRECHAT: [PrechatForm, MessageKey][] = [
  ['off', 'operator.admin.prechatOff'],
  ['name', 'operator.admin.prechatName'],
  ['name_email', 'operator.admin.prechatNameEmail'],
];

/** The draft as the inputs hold it: texts, with colours and the pattern as "" for "none", the file size in MB. */
type Draft = Record<TextField | ColourField, string> &
  OfflineDraft &
  RoutingDraft & {
  rule_action: ChannelRuleAction;
  auto_popup_timer: string;
  prechat_form: PrechatForm;
  visitor_uploads: boolean;
  visitor_upload_mb: string;
  visitor_upload_types: string;
  retention_days: string;
};

const MB = 1024 * 1024;

function draftOf(c: ChannelSettings): Draft {
  return {
    name: c.name,
    button_text: c.button_text,
    default_message: c.default_message,
    input_placeholder: c.input_placeholder,
    rule_url_pattern: c.rule_url_pattern ?? '',
    button_background_color: c.button_background_color ?? '',
    button_text_color: c.button_text_color ?? '',
    header_background_color: c.header_background_color ?? '',
    title_color: c.title_color ?? '',
    rule_action: c.rule_action,
    auto_popup_timer: String(c.auto_popup_timer),
    prechat_form: c.prechat_form,
    visitor_uploads: c.visitor_uploads,
    visitor_upload_mb: String(Math.round((c.visitor_upload_max_bytes / MB) * 100) / 100),
    visitor_upload_types: c.visitor_upload_types,
    offline_mode: c.offline_mode,
    offline_text: c.offline_text,
    missed_after_seconds: String(c.missed_after_seconds),
    retention_days: c.retention_days === null ? '' : String(c.retention_days),
    ...routingDraftOf(c),
  };
}

/** One channel's texts, colours, auto-popup rule, visitor files and offline behaviour; the server checks every value again. */
export function ChannelSettingsForm({ api, channel, onSaved, onError }: ChannelSettingsFormProps): React.JSX.Element {
  const t = useT();
  const [draft, setDraft] = useState(() => draftOf(channel));
  useEffect(() => setDraft(draftOf(channel)), [channel]);
  const set = (key: keyof Draft, value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const { rule_url_pattern, auto_popup_timer, visitor_upload_mb, missed_after_seconds, retention_days, capacity, reassign_after_seconds, ...rest } = draft;
    const colours = Object.fromEntries(COLOURS.map(([key]) => [key, draft[key].trim() === '' ? null : draft[key].trim()]));
    api
      .updateChannel(channel.id, {
        ...rest,
        ...colours,
        rule_url_pattern: rule_url_pattern.trim() === '' ? null : rule_url_pattern,
        auto_popup_timer: Number(auto_popup_timer),
        visitor_upload_max_bytes: Math.round(Number(visitor_upload_mb) * MB),
        missed_after_seconds: Number(missed_after_seconds),
        retention_days: retention_days.trim() === '' ? null : Number(retention_days),
        ...routingValuesOf({ capacity, reassign_after_seconds }),
      })
      .then(onSaved, onError);
  };

  const headingId = `op-channel-${channel.id}`;
  return (
    <form onSubmit={save} className="op-admin-form" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('operator.admin.channelHeading', { name: channel.name })}</h4>
      {TEXTS.map(([key, label]) => (
        <label key={key}>
          {t(label)}
          {key === 'default_message' ? (
            <textarea rows={2} maxLength={1000} value={draft[key]} onChange={(e) => set(key, e.target.value)} />
          ) : (
            <input required={key !== 'input_placeholder'} maxLength={200} value={draft[key]} onChange={(e) => set(key, e.target.value)} />
          )}
        </label>
      ))}
      <fieldset>
        <legend>{t('operator.admin.colours')}</legend>
        {COLOURS.map(([key, label]) => (
          <label key={key}>
            {t(label)}
            <input pattern="#[0-9a-fA-F]{3,8}" placeholder="#1a2b3c" aria-describedby={`${headingId}-colour-hint`} value={draft[key]} onChange={(e) => set(key, e.target.value)} />
          </label>
        ))}
        <p id={`${headingId}-colour-hint`} className="op-hint">
          {t('operator.admin.colourHint')}
        </p>
      </fieldset>
      <fieldset>
        <legend>{t('operator.admin.rule')}</legend>
        <Choice label={t('operator.admin.ruleAction')} value={draft.rule_action} options={ACTIONS} onChange={(v) => set('rule_action', v)} />
        <label>
          {t('operator.admin.ruleTimer')}
          <input type="number" min={0} max={3600} step={1} required value={draft.auto_popup_timer} onChange={(e) => set('auto_popup_timer', e.target.value)} />
        </label>
        <label>
          {t('operator.admin.rulePattern')}
          <input maxLength={200} value={draft.rule_url_pattern} onChange={(e) => set('rule_url_pattern', e.target.value)} />
        </label>
      </fieldset>
      <Choice label={t('operator.admin.prechat')} value={draft.prechat_form} options={PRECHAT} onChange={(v) => set('prechat_form', v)} />
      <VisitorFilesFieldset draft={draft} set={set} hintId={`${headingId}-types-hint`} />
      <OfflineSettingsFieldset draft={draft} set={set} hintId={`${headingId}-missed-hint`} />
      <RetentionField value={draft.retention_days} onChange={(v) => set('retention_days', v)} hintId={`${headingId}-retention-hint`} />
      <RoutingSettingsFieldset draft={draft} set={set} hintId={`${headingId}-routing-hint`} />
      <button type="submit">{t('operator.admin.saveChannel', { name: channel.name })}</button>
    </form>
  );
}

/** Whether visitors may send files, and how large and of which types (issue 15). */
function VisitorFilesFieldset({ draft, set, hintId }: { draft: Draft; set(key: keyof Draft, value: string | boolean): void; hintId: string }): React.JSX.Element {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('operator.admin.visitorFiles')}</legend>
      <label>
        <input type="checkbox" checked={draft.visitor_uploads} onChange={(e) => set('visitor_uploads', e.target.checked)} />
        {t('operator.admin.visitorUploads')}
      </label>
      <label>
        {t('operator.admin.visitorUploadMax')}
        <input type="number" min={0.01} max={1024} step={0.01} required value={draft.visitor_upload_mb} onChange={(e) => set('visitor_upload_mb', e.target.value)} />
      </label>
      <label>
        {t('operator.admin.visitorUploadTypes')}
        <input required maxLength={1000} aria-describedby={hintId} value={draft.visitor_upload_types} onChange={(e) => set('visitor_upload_types', e.target.value)} />
      </label>
      <p id={hintId} className="op-hint">
        {t('operator.admin.visitorUploadTypesHint')}
      </p>
    </fieldset>
  );
}

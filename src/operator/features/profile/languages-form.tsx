import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { primaryLanguage } from '../../../protocol/language-tag.js';
import { LANGUAGE_TAG_MAX, OPERATOR_LANGUAGES_MAX } from '../../../protocol/console/routing.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { languageName } from '../../core/language-names.js';
import { OutcomeLines } from '../../core/outcome-lines.js';
import { useLocale, useT } from '../../core/texts.js';
import type { LanguagesApi } from './languages-api.js';

/** Languages offered as the field's suggestions; any other tag may still be typed. */
const SUGGESTED = ['ar', 'bn', 'de', 'el', 'en', 'es', 'fa', 'fr', 'he', 'hi', 'id', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ro', 'ru', 'sv', 'th', 'tr', 'uk', 'ur', 'vi', 'zh'];

type Busy = 'loading' | 'idle' | 'saving';

/** Why the typed text was not added, as the line under the field says. */
type Refusal = { kind: 'invalid'; text: string } | { kind: 'listed'; name: string } | null;

/**
 * The tag the operator meant: a suggestion's name in the console's language ("French", "français"), else a
 * tag read as the server reads it (its primary subtag: `pt-BR` is `pt`); undefined when it is neither.
 */
function tagOf(text: string, names: ReadonlyMap<string, string>): string | undefined {
  return names.get(text.trim().toLocaleLowerCase()) ?? primaryLanguage(text);
}

/** Props of {@link AddLanguage}. */
interface AddLanguageProps {
  languages: readonly string[];
  disabled: boolean;
  /** The id of the hint the field is described by. */
  hintId: string;
  onAdd(tag: string): void;
}

/** The field adding one language (a name suggested in the console's language, or a tag), and why it refused. */
function AddLanguage({ languages, disabled, hintId, onAdd }: AddLanguageProps): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(null);
  const names = useMemo(() => new Map(SUGGESTED.map((tag) => [languageName(tag, locale).toLocaleLowerCase(), tag])), [locale]);
  const full = languages.length >= OPERATOR_LANGUAGES_MAX;
  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = tagOf(draft, names);
    if (tag === undefined) return setRefusal({ kind: 'invalid', text: draft.trim() });
    if (languages.includes(tag)) return setRefusal({ kind: 'listed', name: languageName(tag, locale) });
    setRefusal(null);
    setDraft('');
    onAdd(tag);
  };
  return (
    <>
      <form className="op-inline-form" onSubmit={add}>
        <label>
          {t('operator.profile.languages.add')}
          <input
            list={`${id}-suggestions`}
            maxLength={LANGUAGE_TAG_MAX}
            value={draft}
            disabled={disabled || full}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-refusal ${hintId}` : hintId}
            onChange={(e) => (setDraft(e.target.value), setRefusal(null))}
          />
        </label>
        <datalist id={`${id}-suggestions`}>
          {SUGGESTED.filter((tag) => !languages.includes(tag)).map((tag) => (
            <option key={tag} value={languageName(tag, locale)} />
          ))}
        </datalist>
        <button type="submit" disabled={disabled || full || draft.trim() === ''}>
          {t('operator.profile.languages.addButton')}
        </button>
      </form>
      {refusal ? (
        <p id={`${id}-refusal`} role="alert" className="op-error">
          {refusal.kind === 'invalid' ? t('operator.profile.languages.invalid', { text: refusal.text }) : t('operator.profile.languages.listed', { name: refusal.name })}
        </p>
      ) : null}
    </>
  );
}

/**
 * The operator's own languages, which routing prefers for visitors who speak them: listed by name in the
 * console's language, added from a field (a name or a tag), removed one by one, then saved together.
 */
export function LanguagesForm({ api }: { api: LanguagesApi }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [languages, setLanguages] = useState<string[]>([]);
  const [busy, setBusy] = useState<Busy>('loading');
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string | undefined>(undefined);

  useEffect(() => {
    api.load().then(
      (r) => (setLanguages(r.languages), setBusy('idle')),
      (err: unknown) => {
        markHandled(err);
        setBusy('idle');
        setFailure(t('operator.profile.languages.loadFailed', { reason: reasonText(err) }));
      },
    );
  }, [api, t]);

  const changed = (next: string[]) => {
    setLanguages(next);
    setDone('');
  };
  const save = () => {
    setBusy('saving');
    setDone('');
    setFailure(undefined);
    api.save(languages).then(
      (r) => (setLanguages(r.languages), setBusy('idle'), setDone(t('operator.profile.languages.saved'))),
      (err: unknown) => {
        markHandled(err);
        setBusy('idle');
        setFailure(t('operator.profile.languages.failed', { reason: reasonText(err) }));
      },
    );
  };

  return (
    <section className="op-languages" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('operator.profile.languages.heading')}</h3>
      <p className="op-hint" id={`${id}-hint`}>
        {t('operator.profile.languages.hint', { max: OPERATOR_LANGUAGES_MAX })}
      </p>
      {busy === 'loading' ? <p role="status">{t('operator.common.loading')}</p> : null}
      {busy !== 'loading' && languages.length === 0 ? <p>{t('operator.profile.languages.none')}</p> : null}
      {languages.length > 0 ? (
        <ul aria-label={t('operator.profile.languages.list')}>
          {languages.map((tag) => (
            <li key={tag}>
              {languageName(tag, locale)} <span className="op-hint">({tag})</span>{' '}
              <button type="button" disabled={busy !== 'idle'} aria-label={t('operator.profile.languages.remove', { name: languageName(tag, locale) })} onClick={() => changed(languages.filter((l) => l !== tag))}>
                {t('operator.profile.languages.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <AddLanguage languages={languages} disabled={busy !== 'idle'} hintId={`${id}-hint`} onAdd={(tag) => changed([...languages, tag])} />
      <button type="button" disabled={busy !== 'idle'} onClick={save}>
        {busy === 'saving' ? t('operator.profile.languages.saving') : t('operator.profile.languages.save')}
      </button>
      <OutcomeLines done={done} failure={failure} />
    </section>
  );
}

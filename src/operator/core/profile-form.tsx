import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { OPERATOR_DISPLAY_NAME, type OperatorProfile } from '../../protocol/operator-profile.js';
import { reasonText } from '../../platform/errors.js';
import type { OperatorApi } from './api.js';
import { NotAPictureError, cropSquare } from './avatar-crop.js';
import { useT } from './texts.js';
import { OutcomeLines } from './outcome-lines.js';

/** The calls the profile form makes. */
export type ProfileApi = Pick<OperatorApi, 'setProfileName' | 'setProfilePicture' | 'removeProfilePicture'>;

/** Props of {@link ProfileForm}. */
export interface ProfileFormProps {
  api: ProfileApi;
  profile: OperatorProfile;
  /** Another operator's profile, edited by an administrator; absent: the operator's own. */
  operatorId?: number;
  /** Turns the chosen file into the square picture sent (the browser's canvas by default). */
  crop?: (file: Blob) => Promise<Blob>;
  /** The server saved a change. */
  onChanged(profile: OperatorProfile): void;
}

type Busy = 'idle' | 'name' | 'picture';

/** An operator's display name and picture, as visitors see them in the chat window. */
export function ProfileForm({ api, profile, operatorId, crop, onChanged }: ProfileFormProps): React.JSX.Element {
  const t = useT();
  const [name, setName] = useState(profile.name);
  const [busy, setBusy] = useState<Busy>('idle');
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  const run = (kind: Busy, work: () => Promise<OperatorProfile>, doneText: string) => {
    setBusy(kind);
    setDone('');
    setFailure(undefined);
    work().then(
      (saved) => {
        setBusy('idle');
        setName(saved.name);
        setDone(doneText);
        onChanged(saved);
      },
      (err: unknown) => {
        setBusy('idle');
        setFailure(t('operator.profileDialog.failed', { reason: err instanceof NotAPictureError ? t('operator.profileDialog.notAPicture') : reasonText(err) }));
      },
    );
  };

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    run('name', () => api.setProfileName(name, operatorId), t('operator.profileDialog.nameSaved'));
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again still reports it.
    event.target.value = '';
    if (file) run('picture', async () => api.setProfilePicture(await (crop ?? cropSquare)(file), operatorId), t('operator.profileDialog.pictureSaved'));
  };

  return (
    <div className="op-profile">
      <div className="op-profile-picture-row">
        <img className="op-profile-picture" src={profile.avatar_url} alt={t('operator.profileDialog.picture', { name: profile.name })} width={64} height={64} />
        <div className="op-profile-picture-actions">
          <input ref={input} type="file" accept="image/*" hidden onChange={choose} />
          <button type="button" disabled={busy !== 'idle'} onClick={() => input.current?.click()}>
            {busy === 'picture' ? t('operator.profileDialog.sending') : t('operator.profileDialog.choosePicture')}
          </button>
          {profile.has_avatar ? (
            <button type="button" disabled={busy !== 'idle'} onClick={() => run('picture', () => api.removeProfilePicture(operatorId), t('operator.profileDialog.pictureRemoved'))}>
              {t('operator.profileDialog.removePicture')}
            </button>
          ) : null}
          <p className="op-hint">{t('operator.profileDialog.pictureHint')}</p>
        </div>
      </div>
      <form onSubmit={saveName} className="op-inline-form">
        <label>
          {t('operator.profileDialog.name')}
          <input required minLength={OPERATOR_DISPLAY_NAME.min} maxLength={OPERATOR_DISPLAY_NAME.max} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" disabled={busy !== 'idle'}>
          {t('operator.profileDialog.saveName')}
        </button>
      </form>
      <p className="op-hint">{t('operator.profileDialog.nameHint')}</p>
      <OutcomeLines done={done} failure={failure} />
    </div>
  );
}

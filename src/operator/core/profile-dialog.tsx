import { useEffect, useId, useRef, useState } from 'react';
import type { OperatorProfile } from '../../protocol/operator-profile.js';
import { reasonText } from '../../platform/errors.js';
import { useT } from './texts.js';
import { ErrorLine } from './outcome-lines.js';
import { ProfileForm, type ProfileApi } from './profile-form.js';

/** Props of {@link ProfileDialog}. */
export interface ProfileDialogProps {
  api: ProfileApi;
  /** The dialog's heading. */
  title: string;
  /** Reads the profile shown (the own one, or another operator's for an administrator). */
  load(): Promise<OperatorProfile>;
  /** Another operator's profile, edited by an administrator; absent: the operator's own. */
  operatorId?: number;
  crop?: (file: Blob) => Promise<Blob>;
  onChanged(profile: OperatorProfile): void;
  onClose(): void;
  /** More of the operator's own settings, under the name and picture. */
  children?: React.ReactNode;
}

/** A modal dialog around the {@link ProfileForm}; Escape or Close leaves it. */
export function ProfileDialog({ api, title, load, operatorId, crop, onChanged, onClose, children }: ProfileDialogProps): React.JSX.Element {
  const t = useT();
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [profile, setProfile] = useState<OperatorProfile | null>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);
  // Read once per opening: `load` and `t` are not meant to read it again.
  const [loadOnce] = useState(() => load);
  useEffect(() => {
    loadOnce().then(setProfile, (err: unknown) => setFailure(t('operator.profileDialog.failed', { reason: reasonText(err) })));
  }, [loadOnce, t]);

  return (
    <dialog ref={dialog} className="op-dialog" aria-labelledby={headingId} onClose={onClose}>
      <h2 id={headingId}>{title}</h2>
      {profile ? (
        <ProfileForm
          api={api}
          profile={profile}
          operatorId={operatorId}
          crop={crop}
          onChanged={(saved) => {
            setProfile(saved);
            onChanged(saved);
          }}
        />
      ) : failure ? null : (
        <p role="status">{t('operator.profileDialog.loading')}</p>
      )}
      <ErrorLine text={failure} />
      {children}
      <button type="button" onClick={onClose}>
        {t('operator.profileDialog.close')}
      </button>
    </dialog>
  );
}

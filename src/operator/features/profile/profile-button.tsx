import { useMemo } from 'react';
import type { DialogProps, DialogTriggerProps } from '../../app/registry.js';
import { ProfileDialog } from '../../core/profile-dialog.js';
import { useT } from '../../core/texts.js';
import { AppearanceForm } from './appearance-form.js';
import { languagesApi } from './languages-api.js';
import { LanguagesForm } from './languages-form.js';

/** The operator's name in the header, which opens their own profile. */
export function ProfileButton({ operatorName, onOpen }: DialogTriggerProps): React.JSX.Element {
  const t = useT();
  // The name is the way to the profile, as in most web apps: no room for one more button on the bar.
  return (
    <button type="button" className="op-operator-name" aria-haspopup="dialog" aria-label={t('operator.profile.open', { name: operatorName })} title={t('operator.profile.title')} onClick={onOpen}>
      {operatorName}
    </button>
  );
}

/** The operator's own profile: name and picture, and the languages they answer in. */
export function OwnProfileDialog({ api, onNameChanged, onClose }: DialogProps): React.JSX.Element {
  const t = useT();
  const languages = useMemo(() => languagesApi(api), [api]);
  return (
    <ProfileDialog api={api} title={t('operator.profile.title')} load={() => api.profile()} onChanged={(p) => onNameChanged(p.name)} onClose={onClose}>
      <LanguagesForm api={languages} />
      <AppearanceForm />
    </ProfileDialog>
  );
}

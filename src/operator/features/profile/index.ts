import type { ConsoleFeature } from '../../app/registry.js';
import { OwnProfileDialog, ProfileButton } from './profile-button.js';

/** The operator's own name, picture and languages, opened from their name in the header. */
export const profile: ConsoleFeature = { dialogs: [{ id: 'profile', Trigger: ProfileButton, Dialog: OwnProfileDialog }] };

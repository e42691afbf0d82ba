import { createElement, useState } from 'react';
import type { ConsoleFeature, FeatureContext } from '../../app/registry.js';
import { DESK_VIEW_ID } from '../../desk/commands.js';
import { CANNED_COMMAND, CannedReplyAction } from './canned-action.js';
import { cannedApi } from './canned-api.js';
import { CannedManager } from './canned-manager.js';

/** Every operator's view: its own replies, and its channels' shared ones. */
function CannedView({ api }: FeatureContext): React.JSX.Element {
  const [canned] = useState(() => cannedApi(api));
  return createElement(CannedManager, { api: canned, scope: 'own' });
}

/** The Administration section: every channel's shared replies. */
function CannedAdminSection({ api }: FeatureContext): React.JSX.Element {
  const [canned] = useState(() => cannedApi(api));
  return createElement(CannedManager, { api: canned, scope: 'shared' });
}

/** Canned replies: managed in their view and in Administration, inserted from the composer by `/` or its button. */
export const cannedReplies: ConsoleFeature = {
  views: [{ id: 'canned-replies', label: 'operator.canned-replies.view', Panel: CannedView }],
  adminSections: [{ id: 'canned-replies', Section: CannedAdminSection }],
  pane: { composerActions: [CannedReplyAction] },
  commands: [{ id: CANNED_COMMAND, label: 'operator.canned-replies.command', key: { key: 'c' }, view: DESK_VIEW_ID }],
};

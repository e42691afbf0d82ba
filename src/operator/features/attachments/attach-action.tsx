import { useState } from 'react';
import { reasonText } from '../../../platform/errors.js';
import { useT } from '../../core/texts.js';
import type { ComposerActionProps } from '../../desk/pane-slots.js';
import { AttachButton } from './attach-button.js';

/** The composer's "Attach files": sends the chosen files as one message, and says what failed. */
export function AttachAction({ api, sessionId, sent, setError }: ComposerActionProps): React.JSX.Element {
  const t = useT();
  const [uploading, setUploading] = useState(false);

  const attach = (files: File[]) => {
    setUploading(true);
    setError(null);
    const upload = async () => {
      sent();
      await api.upload(sessionId, files);
    };
    upload().then(
      () => setUploading(false),
      (err: unknown) => {
        setUploading(false);
        setError(t('operator.attachments.failed', { reason: reasonText(err) }));
      },
    );
  };

  return <AttachButton sending={uploading} onFiles={attach} />;
}

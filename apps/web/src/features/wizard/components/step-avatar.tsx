import { useState } from 'react';
import { ImagePlus, Pencil, Trash2 } from 'lucide-react';
import { IMAGE_TYPES } from '@vuxo/shared/bot';
import { AVATAR_SIZE_PX } from '@vuxo/shared/limits';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { acceptAttribute, validateImageFile } from '../state/validation';
import { AvatarEditorDialog } from './avatar-editor-dialog';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { readImage, type AvatarOutput } from './crop-image';
import { formatBytes } from './format-bytes';
import styles from './steps.module.css';

interface Props {
  preview: string | null;
  botName: string;
  error: string | undefined;
  onError: (message: string | null) => void;
  onSave: (avatar: AvatarOutput) => void;
  onRemove: () => void;
}

export const AVATAR_INPUT_LABEL = 'Choose an image';

/** Step 4 (optional): pick an image, frame it in the editor, save a 200x200 PNG; removal asks first. */
export function StepAvatar({ preview, botName, error, onError, onSave, onRemove }: Props) {
  const [source, setSource] = useState<string | null>(null);
  const [opened, setOpened] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const errorId = error ? 'avatar-error' : undefined;

  const choose = async (file: File | null | undefined) => {
    const invalid = validateImageFile(file);
    if (invalid || !file) {
      onError(invalid);
      return;
    }
    onError(null);
    try {
      const dataUrl = await readImage(file);
      setOpened((n) => n + 1);
      setSource(dataUrl);
    } catch (readError) {
      onError((readError as Error).message);
    }
  };

  const picker = (
    <input
      type="file"
      className={styles.fileInput}
      accept={acceptAttribute(IMAGE_TYPES)}
      aria-label={preview ? 'Choose another image' : AVATAR_INPUT_LABEL}
      aria-describedby={['avatar-hint', errorId].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      onChange={(event) => {
        void choose(event.target.files?.[0] ?? null);
        event.target.value = '';
      }}
    />
  );

  return (
    <div className={styles.stack}>
      <div className={styles.avatarRow}>
        <span className={styles.avatarPreview}>
          {preview ? (
            <img
              src={preview}
              alt={`${botName || 'Bot'} avatar`}
              width={AVATAR_SIZE_PX}
              height={AVATAR_SIZE_PX}
            />
          ) : (
            <span aria-hidden="true">{(botName.trim().charAt(0) || 'B').toUpperCase()}</span>
          )}
        </span>
        <div className={styles.avatarActions}>
          <label className={styles.pickButton}>
            {picker}
            {preview ? <Pencil aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
            <span>{preview ? 'Change image' : 'Upload image'}</span>
          </label>
          {preview && (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Remove avatar
            </Button>
          )}
          <p id="avatar-hint" className={styles.hint}>
            JPEG, PNG, GIF or WebP, up to {formatBytes(IMAGE_TYPES.maxBytes)}. Skip this step to use the first
            letter of the name.
          </p>
        </div>
      </div>
      {error && <ErrorBox id={errorId} message={error} />}
      <AvatarEditorDialog
        key={opened}
        source={source}
        onCancel={() => setSource(null)}
        onSave={(avatar) => {
          setSource(null);
          onSave(avatar);
        }}
      />
      <ConfirmRemoveDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the avatar?"
        description="Your bot will show the first letter of its name instead."
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
      />
    </div>
  );
}

import { useCallback, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { ImageIcon, ZoomIn, ZoomOut } from 'lucide-react';
import { AVATAR_ZOOM } from '../../../ui-tuning';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog';
import { cropToAvatar, type AvatarOutput } from './crop-image';
import styles from './avatar-editor-dialog.module.css';

interface Props {
  /** The chosen image as a data URL; the dialog is open while there is one. */
  source: string | null;
  onCancel: () => void;
  onSave: (avatar: AvatarOutput) => void;
}

/** Zoom moves in steps of 0.1 between 0.5 and 2. */
export function clampZoom(value: number): number {
  const stepped = Math.round(value / AVATAR_ZOOM.step) * AVATAR_ZOOM.step;
  return Math.min(AVATAR_ZOOM.max, Math.max(AVATAR_ZOOM.min, Number(stepped.toFixed(1))));
}

/** The avatar editor: drag to frame, zoom, then Save makes a 200x200 PNG; Cancel drops the image. */
export function AvatarEditorDialog({ source, onCancel, onSave }: Props) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const save = async () => {
    if (!source || !area) return;
    setSaving(true);
    setError(null);
    try {
      onSave(await cropToAvatar(source, area));
    } catch (saveError) {
      setError((saveError as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalDialog
      open={source !== null}
      onOpenChange={(open) => !open && !saving && onCancel()}
      title="Edit your avatar"
      description="Drag to frame the image and zoom to fit. It will be saved as a 200×200 picture."
      icon={<ImageIcon />}
      size="md"
      dismissible={!saving}
    >
      <div className={styles.stage}>
        {source && (
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            minZoom={AVATAR_ZOOM.min}
            maxZoom={AVATAR_ZOOM.max}
            zoomSpeed={AVATAR_ZOOM.step * 2}
            aspect={1}
            cropShape="round"
            showGrid={false}
            restrictPosition={false}
            onCropChange={setCrop}
            onZoomChange={(value) => setZoom(clampZoom(value))}
            onCropComplete={onCropComplete}
            mediaProps={{ alt: 'Avatar being edited' }}
          />
        )}
      </div>
      <div className={styles.zoom}>
        <button
          type="button"
          className={styles.zoomButton}
          onClick={() => setZoom((z) => clampZoom(z - AVATAR_ZOOM.step))}
          disabled={zoom <= AVATAR_ZOOM.min}
          aria-label="Zoom out"
        >
          <ZoomOut aria-hidden="true" />
        </button>
        <label htmlFor="avatar-zoom" className="visually-hidden">
          Zoom
        </label>
        <input
          id="avatar-zoom"
          className={styles.slider}
          type="range"
          min={AVATAR_ZOOM.min}
          max={AVATAR_ZOOM.max}
          step={AVATAR_ZOOM.step}
          value={zoom}
          onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
          aria-valuetext={`${zoom.toFixed(1)}×`}
        />
        <button
          type="button"
          className={styles.zoomButton}
          onClick={() => setZoom((z) => clampZoom(z + AVATAR_ZOOM.step))}
          disabled={zoom >= AVATAR_ZOOM.max}
          aria-label="Zoom in"
        >
          <ZoomIn aria-hidden="true" />
        </button>
        <output htmlFor="avatar-zoom" className={styles.zoomValue}>
          {zoom.toFixed(1)}×
        </output>
      </div>
      {error && <ErrorBox message={error} />}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={save} disabled={saving || !area}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

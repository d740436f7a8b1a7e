import { useState, type FormEvent } from 'react';
import { Loader2, Settings } from 'lucide-react';
import type { CreativityLevel, Tone } from '@vuxo/shared/bot';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { updateBotSettingsRequestSchema, type BotSummary } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessage } from '../../../app/api-client';
import { useAuth } from '../../auth';
import { botAvatarUrl } from '@vuxo/shared/dashboard';
import {
  StepAvatar,
  StepContact,
  StepCreativity,
  StepName,
  StepTone,
  StepWelcome,
  newSessionId,
  uploadImage,
  type AvatarOutput,
} from '../../wizard';
import { updateBotSettings } from '../api/update-bot-settings';
import { contactFields, listedContact } from './bot-contact-form';
import styles from './bot-settings-dialog.module.css';

/** What the dialog edits, as the dashboard lists it. */
export type SettingsTarget = Pick<
  BotSummary,
  | 'botId'
  | 'botName'
  | 'botImageUrl'
  | 'welcomeMessage'
  | 'chatbotTone'
  | 'creativityLevel'
  | 'contactEmail'
  | 'contactChoice'
>;
type Saved = Omit<SettingsTarget, 'botId'>;
/** The form's values: the 'other' choice's address is edited as text ('' with the other choices). */
type Values = Omit<Saved, 'botImageUrl' | 'contactEmail'> & { contactEmail: string };
/** The avatar as edited: unchanged, a new image from the wizard's editor, or removed. */
type AvatarChange = { kind: 'same' } | { kind: 'new'; avatar: AvatarOutput } | { kind: 'removed' };
type Field = 'botName' | 'welcomeMessage' | 'chatbotTone' | 'creativityLevel' | 'contactEmail';

interface Props {
  bot: SettingsTarget | null;
  onClose: () => void;
  /** The settings were saved: the dashboard keeps its list in step. */
  onSaved: (botId: string, saved: Saved) => void;
}

/**
 * The bot's settings after the wizard: the wizard's own fields, prefilled, checked with the API's schema (the
 * wizard's rules and messages) before saving. Nothing here rebuilds the bot.
 */
export function BotSettingsDialog({ bot, onClose, onSaved }: Props) {
  return (
    <ModalDialog
      open={bot !== null}
      onOpenChange={(open) => !open && onClose()}
      title={bot ? DASHBOARD_MSG.settingsTitle(bot.botName) : ''}
      description={DASHBOARD_MSG.settingsDescription}
      icon={<Settings aria-hidden="true" />}
      size="md"
    >
      {bot && <SettingsForm key={bot.botId} bot={bot} onClose={onClose} onSaved={onSaved} />}
    </ModalDialog>
  );
}

function SettingsForm({ bot, onClose, onSaved }: Required<Props> & { bot: SettingsTarget }) {
  const { getIdToken, user } = useAuth();
  const [values, setValues] = useState<Values>(() => ({
    ...bot,
    contactEmail: bot.contactChoice === 'other' ? (bot.contactEmail ?? '') : '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: 'same' });
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const preview =
    avatar.kind === 'new' ? avatar.avatar.preview : avatar.kind === 'removed' ? null : bot.botImageUrl;
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The choice and its address share one message.
    const errorField = field === 'contactChoice' ? 'contactEmail' : (field as Field);
    setErrors((current) => ({ ...current, [errorField]: undefined }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateBotSettingsRequestSchema.safeParse({
      botId: bot.botId,
      botName: values.botName,
      welcomeMessage: values.welcomeMessage,
      chatbotTone: values.chatbotTone,
      creativityLevel: values.creativityLevel,
      ...contactFields(values.contactChoice, values.contactEmail),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setStatus({ kind: 'saving' });
    try {
      let botImageUrl = bot.botImageUrl;
      let avatarChange: { sessionId: string; tempImagePath: string } | null | undefined;
      if (avatar.kind === 'removed') {
        avatarChange = null;
        botImageUrl = null;
      } else if (avatar.kind === 'new') {
        // Uploaded as the wizard does, in a session of its own that the save uses up.
        const sessionId = newSessionId();
        const token = await getIdToken(true);
        const tempImagePath = await uploadImage({ image: avatar.avatar.file, sessionId, token });
        avatarChange = { sessionId, tempImagePath };
        botImageUrl = botAvatarUrl(bot.botId, tempImagePath);
      }
      await updateBotSettings(getIdToken, {
        ...parsed.data,
        ...(avatarChange !== undefined ? { avatar: avatarChange } : {}),
      });
      const { botName, welcomeMessage, chatbotTone, creativityLevel, contactChoice, contactEmail } =
        parsed.data;
      onSaved(bot.botId, {
        botImageUrl,
        botName: botName!,
        welcomeMessage: welcomeMessage!,
        chatbotTone: chatbotTone!,
        creativityLevel: creativityLevel!,
        contactChoice: contactChoice!,
        contactEmail: listedContact(contactChoice!, contactEmail ?? '', user?.email),
      });
      onClose();
    } catch (failure) {
      setStatus({ kind: 'error', message: DASHBOARD_MSG.settingsSaveFailed(errorMessage(failure)) });
    }
  };

  const saving = status.kind === 'saving';
  return (
    <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
      <StepName value={values.botName} error={errors.botName} onChange={(v) => set('botName', v)} />
      <StepAvatar
        preview={preview}
        botName={values.botName}
        error={avatarError ?? undefined}
        onError={setAvatarError}
        onSave={(output) => setAvatar({ kind: 'new', avatar: output })}
        onRemove={() => setAvatar({ kind: 'removed' })}
      />
      <StepWelcome
        value={values.welcomeMessage}
        error={errors.welcomeMessage}
        onChange={(v) => set('welcomeMessage', v)}
      />
      <div>
        <h3 id="settings-tone" className={styles.heading}>
          {DASHBOARD_MSG.settingsToneLabel}
        </h3>
        <StepTone
          labelledBy="settings-tone"
          value={values.chatbotTone}
          error={errors.chatbotTone}
          onChange={(v: Tone) => set('chatbotTone', v)}
        />
      </div>
      <div>
        <h3 id="settings-creativity" className={styles.heading}>
          {DASHBOARD_MSG.settingsCreativityLabel}
        </h3>
        <StepCreativity
          labelledBy="settings-creativity"
          value={values.creativityLevel}
          error={errors.creativityLevel}
          onChange={(v: CreativityLevel) => set('creativityLevel', v)}
        />
      </div>
      <StepContact
        choice={values.contactChoice}
        email={values.contactEmail}
        error={errors.contactEmail}
        onChoice={(v) => set('contactChoice', v)}
        onEmail={(v) => set('contactEmail', v)}
      />
      <p className={styles.status} role="status">
        {status.kind === 'error' && status.message}
      </p>
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onClose} disabled={saving}>
          {DASHBOARD_MSG.settingsCancel}
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving && <Loader2 aria-hidden="true" />}
          {DASHBOARD_MSG.settingsSave}
        </Button>
      </DialogActions>
    </form>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { Loader2, Share2 } from 'lucide-react';
import type { ContactChoice } from '@vuxo/shared/bot';
import { DEFAULT_THEME, THEME_IDS, THEME_LABELS, type ThemeId } from '@vuxo/shared/chat';
import {
  ALLOWED_DOMAINS_MAX,
  BOT_ADMIN_MSG,
  SHARE_MSG,
  isValidDomainPattern,
  parseDomainList,
  shareLinks,
} from '@vuxo/shared/dashboard';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useAuth } from '../../auth';
import { errorMessage } from '../../../app/api-client';
import { getBotDomains } from '../api/get-bot-domains';
import { updateBotDomains } from '../api/update-bot-domains';
import { updateBotTheme } from '../api/update-bot-theme';
import { BotContactForm, type ContactSaved } from './bot-contact-form';
import { CopyField } from './copy-field';
import { EmbedGuide } from './embed-guide';
import styles from './share-dialog.module.css';

export interface ShareTarget {
  botId: string;
  botName: string;
  shareId: string;
  themeId: ThemeId;
  /** Where the bot's declines send visitors; null: the owner chose no contact. */
  contactEmail: string | null;
  /** The contact the owner chose (decision 062). */
  contactChoice: ContactChoice;
}

interface Props {
  bot: ShareTarget | null;
  onClose: () => void;
  /** The theme was saved: the dashboard keeps its list in step. */
  onThemeSaved?: (botId: string, themeId: ThemeId) => void;
  /** The contact was saved: the dashboard keeps its list in step. */
  onContactSaved?: (botId: string, saved: ContactSaved) => void;
}

/**
 * Share: the public chat link, the widget link and the one-line
 * embed, each with a copy button, step-by-step guides for website builders, the widget's theme, the bot's contact for questions it cannot answer,
 * and the websites allowed to embed the bot (empty means any).
 */
export function ShareDialog({ bot, onClose, onThemeSaved, onContactSaved }: Props) {
  return (
    <ModalDialog
      open={bot !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="md"
      title={bot ? SHARE_MSG.title(bot.botName) : ''}
      description={SHARE_MSG.description}
      icon={<Share2 />}
    >
      {bot && (
        <ShareContent key={bot.botId} bot={bot} onThemeSaved={onThemeSaved} onContactSaved={onContactSaved} />
      )}
    </ModalDialog>
  );
}

function ShareContent({
  bot,
  onThemeSaved,
  onContactSaved,
}: {
  bot: ShareTarget;
  onThemeSaved: Props['onThemeSaved'];
  onContactSaved: Props['onContactSaved'];
}) {
  const links = shareLinks(window.location.origin, bot);
  return (
    <div className={styles.content}>
      <CopyField
        kind="link"
        label={SHARE_MSG.publicChatLabel}
        hint={SHARE_MSG.publicChatHint}
        value={links.publicChatUrl}
      />
      <CopyField
        kind="link"
        label={SHARE_MSG.widgetLinkLabel}
        hint={SHARE_MSG.widgetLinkHint}
        value={links.widgetUrl}
      />
      <EmbedGuide snippet={links.embedSnippet} botName={bot.botName} />
      <WidgetTheme bot={bot} onSaved={onThemeSaved} />
      <BotContactForm
        className={styles.section}
        botId={bot.botId}
        initialChoice={bot.contactChoice}
        initialEmail={bot.contactChoice === 'other' ? (bot.contactEmail ?? '') : ''}
        onSaved={(saved) => onContactSaved?.(bot.botId, saved)}
      />
      <AllowedDomains botId={bot.botId} />
    </div>
  );
}

/** The default first, then the light themes. */
const THEME_ORDER: readonly ThemeId[] = [DEFAULT_THEME, ...THEME_IDS.filter((t) => t !== DEFAULT_THEME)];

type ThemeStatus = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string };

/** The widget's theme, saved as soon as it is chosen. */
function WidgetTheme({ bot, onSaved }: { bot: ShareTarget; onSaved: Props['onThemeSaved'] }) {
  const { getIdToken } = useAuth();
  const id = useId();
  const [theme, setTheme] = useState<ThemeId>(bot.themeId);
  const [status, setStatus] = useState<ThemeStatus>({ kind: 'idle' });

  const choose = async (next: ThemeId) => {
    const before = theme;
    setTheme(next);
    setStatus({ kind: 'saving' });
    try {
      const stored = await updateBotTheme(getIdToken, bot.botId, next);
      setTheme(stored);
      setStatus({ kind: 'saved' });
      onSaved?.(bot.botId, stored);
    } catch (failure) {
      setTheme(before);
      setStatus({ kind: 'error', message: SHARE_MSG.themeSaveFailed(errorMessage(failure)) });
    }
  };

  return (
    <div className={`${styles.field} ${styles.section}`}>
      <fieldset className={styles.themes} aria-describedby={`${id}-hint ${id}-status`}>
        <legend className={styles.label}>{SHARE_MSG.themeLabel}</legend>
        <p id={`${id}-hint`} className={styles.hint}>
          {SHARE_MSG.themeHint}
        </p>
        <div className={styles.themeChoices}>
          {THEME_ORDER.map((option) => (
            <label key={option} className={styles.themeChoice} data-theme-option={option}>
              <input
                type="radio"
                name={`${id}-theme`}
                value={option}
                checked={theme === option}
                disabled={status.kind === 'saving'}
                onChange={() => void choose(option)}
              />
              <span className={styles.swatch} aria-hidden="true" />
              {THEME_LABELS[option]}
            </label>
          ))}
        </div>
        <p id={`${id}-status`} className={styles.saveStatus} data-tone={status.kind} role="status">
          {status.kind === 'saved' && SHARE_MSG.themeSaved}
          {status.kind === 'error' && status.message}
        </p>
      </fieldset>
    </div>
  );
}

type Status =
  | { kind: 'loading' }
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; count: number }
  | { kind: 'error'; message: string };

function AllowedDomains({ botId }: { botId: string }) {
  const { getIdToken } = useAuth();
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    getBotDomains(getIdToken, botId).then(
      (domains) => {
        if (!current) return;
        setText(domains.join('\n'));
        setStatus({ kind: 'idle' });
      },
      (failure: unknown) => {
        if (current)
          setStatus({ kind: 'error', message: SHARE_MSG.domainsLoadFailed(errorMessage(failure)) });
      },
    );
    return () => {
      current = false;
    };
  }, [botId, getIdToken]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const domains = [...new Set(parseDomainList(text))];
    const invalid = domains.find((domain) => !isValidDomainPattern(domain));
    if (invalid) return setStatus({ kind: 'error', message: SHARE_MSG.invalidDomainEntry(invalid) });
    if (domains.length > ALLOWED_DOMAINS_MAX) {
      return setStatus({ kind: 'error', message: BOT_ADMIN_MSG.tooManyDomains(ALLOWED_DOMAINS_MAX) });
    }
    setStatus({ kind: 'saving' });
    try {
      const stored = await updateBotDomains(getIdToken, botId, domains);
      setText(stored.join('\n'));
      setStatus({ kind: 'saved', count: stored.length });
    } catch (failure) {
      setStatus({ kind: 'error', message: SHARE_MSG.domainsSaveFailed(errorMessage(failure)) });
    }
  };

  const busy = status.kind === 'loading' || status.kind === 'saving';
  return (
    <form className={`${styles.field} ${styles.section}`} onSubmit={(event) => void save(event)} noValidate>
      <label htmlFor={id} className={styles.label}>
        {SHARE_MSG.domainsLabel}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {SHARE_MSG.domainsHint} {SHARE_MSG.domainsLimits}
      </p>
      <textarea
        id={id}
        className={`${styles.value} ${styles.domainInput}`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (status.kind === 'saved' || status.kind === 'error') setStatus({ kind: 'idle' });
        }}
        rows={3}
        spellCheck={false}
        autoCapitalize="none"
        autoCorrect="off"
        placeholder={status.kind === 'loading' ? SHARE_MSG.domainsLoading : 'example.com'}
        disabled={status.kind === 'loading'}
        aria-invalid={status.kind === 'error' || undefined}
        aria-describedby={`${id}-hint ${id}-status`}
      />
      <div className={styles.saveRow}>
        <p id={`${id}-status`} className={styles.saveStatus} data-tone={status.kind} role="status">
          {status.kind === 'saved' && SHARE_MSG.domainsSaved(status.count)}
          {status.kind === 'error' && status.message}
        </p>
        <Button type="submit" size="sm" disabled={busy}>
          {status.kind === 'saving' && <Loader2 aria-hidden="true" className={styles.spinner} />}
          {SHARE_MSG.domainsSave}
        </Button>
      </div>
    </form>
  );
}

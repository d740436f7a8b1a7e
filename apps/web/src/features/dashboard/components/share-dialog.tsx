import { useEffect, useId, useState, type FormEvent } from 'react';
import { Loader2, Share2 } from 'lucide-react';
import {
  ALLOWED_DOMAINS_MAX,
  BOT_ADMIN_MSG,
  SHARE_MSG,
  isValidDomainPattern,
  parseDomainList,
  shareLinks,
} from '@vuxo/shared';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useAuth } from '../../auth/use-auth';
import { errorMessage } from '../api/api-request';
import { getBotDomains } from '../api/get-bot-domains';
import { updateBotDomains } from '../api/update-bot-domains';
import { CopyField } from './copy-field';
import styles from './share-dialog.module.css';

export interface ShareTarget {
  botId: string;
  botName: string;
  shareId: string;
}

interface Props {
  bot: ShareTarget | null;
  onClose: () => void;
}

/**
 * Share (issue 4; decisions, section 8): the public chat link, the widget link and the one-line
 * embed, each with a copy button, and the websites allowed to embed the bot (empty means any).
 */
export function ShareDialog({ bot, onClose }: Props) {
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
      {bot && <ShareContent key={bot.botId} bot={bot} />}
    </ModalDialog>
  );
}

function ShareContent({ bot }: { bot: ShareTarget }) {
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
      <CopyField
        kind="code"
        label={SHARE_MSG.snippetLabel}
        hint={SHARE_MSG.snippetHint}
        value={links.embedSnippet}
      />
      <AllowedDomains botId={bot.botId} />
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
    <form className={`${styles.field} ${styles.domains}`} onSubmit={(event) => void save(event)} noValidate>
      <label htmlFor={id} className={styles.label}>
        {SHARE_MSG.domainsLabel}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {SHARE_MSG.domainsHint}
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

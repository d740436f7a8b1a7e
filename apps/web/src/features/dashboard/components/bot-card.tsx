import { useState, type KeyboardEvent } from 'react';
import {
  AlertCircle,
  BarChart3,
  Loader2,
  MessageSquare,
  CirclePause,
  Play,
  Settings,
  Share2,
  Trash2,
} from 'lucide-react';
import { SHARE_MSG } from '@vuxo/shared/dashboard';
import { DASHBOARD_MSG, INSIGHTS_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import type { BotSummary } from '@vuxo/shared/schemas';
import { Button, ButtonLink } from '../../../components/ui/button';
import { HintTooltip } from '../../../components/ui/hint-tooltip';
import {
  displayName,
  formatCreatedAt,
  initialOf,
  isChatReady,
  isInProgress,
  progressOf,
  statusLabel,
} from '../bot-status';
import styles from './bot-card.module.css';

interface Props {
  bot: BotSummary;
  deleting: boolean;
  /** Another row is being deleted: this one's delete waits. */
  busy: boolean;
  onChat: () => void;
  onShare: () => void;
  /** Opens the bot's settings (name, welcome message, tone, creativity, contact). */
  onEditSettings: () => void;
  onDelete: () => void;
  /** A paused bot's "Keep live": it answers again, another pauses in its place. */
  onKeepLive: () => void;
  /** This bot's "Keep live" is being saved. */
  keeping: boolean;
}

/**
 * One bot: avatar or initial, name, status with its progress,
 * creation date, and Chat, Share, Edit settings, Insights and Delete. Enter on the card opens chat when the bot is ready. A bot over
 * the plan's bot limit shows Paused, why, and "Keep live".
 */
export function BotCard({
  bot,
  deleting,
  busy,
  onChat,
  onShare,
  onEditSettings,
  onDelete,
  onKeepLive,
  keeping,
}: Props) {
  const name = displayName(bot);
  const paused = bot.paused === true;
  const label = paused ? DASHBOARD_MSG.paused : statusLabel(bot.status);
  const ready = isChatReady(bot.status);
  const pulsing = isInProgress(bot.status);
  const progress = progressOf(bot.status);
  const titleId = `bot-${bot.botId}-name`;
  const notReadyHint = ready ? null : DASHBOARD_MSG.notReady(label);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    if (ready && !deleting) onChat();
  };

  return (
    <article
      className={styles.card}
      aria-labelledby={titleId}
      aria-busy={deleting || undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-status={bot.status}
      data-pulsing={pulsing || undefined}
    >
      <div className={styles.top}>
        <BotAvatar name={name} imageUrl={bot.botImageUrl} />
        <div className={styles.identity}>
          <h3 id={titleId} className={styles.name}>
            {name}
          </h3>
          <p className={styles.created}>
            Created <time dateTime={bot.createdAt}>{formatCreatedAt(bot.createdAt)}</time>
          </p>
          {bot.last7Days && <p className={styles.created}>{weekLine(bot.last7Days)}</p>}
          {bot.newRequests !== undefined && (
            <p className={styles.created}>{DASHBOARD_MSG.newRequests(bot.newRequests)}</p>
          )}
        </div>
        <span className={styles.status} data-tone={paused ? 'paused' : toneOf(bot.status)}>
          <span className={styles.dot} aria-hidden="true" />
          {label}
        </span>
      </div>

      <div
        className={styles.progress}
        role="progressbar"
        aria-label={`${name} build progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span style={{ width: `${progress}%` }} />
      </div>

      {bot.status === 'error' && bot.statusReason && (
        <p className={styles.reason}>
          <AlertCircle aria-hidden="true" />
          {bot.statusReason}
        </p>
      )}

      {paused && (
        <div className={styles.paused}>
          <p className={styles.pausedReason}>
            <CirclePause aria-hidden="true" />
            {DASHBOARD_MSG.pausedReason}
          </p>
          <HintTooltip text={DASHBOARD_MSG.keepLiveHint}>
            {(describedBy) => (
              <Button
                size="sm"
                variant="secondary"
                aria-describedby={describedBy}
                aria-label={`${DASHBOARD_MSG.keepLive}: ${name}`}
                onClick={onKeepLive}
                disabled={keeping || deleting}
                aria-busy={keeping || undefined}
              >
                {keeping ? (
                  <Loader2 aria-hidden="true" className={styles.spinner} />
                ) : (
                  <Play aria-hidden="true" />
                )}
                {DASHBOARD_MSG.keepLive}
              </Button>
            )}
          </HintTooltip>
        </div>
      )}

      <div className={styles.actions}>
        <HintTooltip text={notReadyHint} className={styles.grow}>
          {(describedBy) => (
            <Button
              size="sm"
              className={styles.chat}
              aria-describedby={describedBy}
              aria-disabled={!ready || undefined}
              disabled={deleting}
              onClick={() => {
                if (ready) onChat();
              }}
            >
              <MessageSquare aria-hidden="true" />
              Chat
            </Button>
          )}
        </HintTooltip>
        {ready && (
          <Button size="sm" variant="secondary" onClick={onShare} disabled={deleting}>
            <Share2 aria-hidden="true" />
            {SHARE_MSG.action}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={onEditSettings}
          disabled={deleting}
          aria-label={DASHBOARD_MSG.editSettingsOf(name)}
        >
          <Settings aria-hidden="true" />
          {DASHBOARD_MSG.editSettings}
        </Button>
        <ButtonLink
          size="sm"
          variant="secondary"
          to={ROUTES.botInsights(bot.botId)}
          aria-label={`${INSIGHTS_MSG.insightsLink}: ${bot.botName}`}
        >
          <BarChart3 aria-hidden="true" />
          {INSIGHTS_MSG.insightsLink}
        </ButtonLink>
        <Button
          size="sm"
          variant="ghost"
          className={styles.delete}
          onClick={onDelete}
          disabled={deleting || busy}
          aria-label={`Delete ${name}`}
        >
          {deleting ? (
            <Loader2 aria-hidden="true" className={styles.spinner} />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          <span aria-hidden="true">{deleting ? 'Deleting…' : 'Delete'}</span>
        </Button>
      </div>
    </article>
  );
}

function toneOf(status: string): 'ready' | 'progress' | 'error' | 'neutral' {
  if (isChatReady(status)) return 'ready';
  if (isInProgress(status)) return 'progress';
  if (status === 'error') return 'error';
  return 'neutral';
}

/** The bot's image, or the uppercase initial of its name when it has none (or it fails to load). */
function BotAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (imageUrl && !failed) {
    return (
      <img
        className={styles.avatar}
        src={imageUrl}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}

/** The card's line on visitors' use over the last 7 days. */
function weekLine(week: NonNullable<BotSummary['last7Days']>): string {
  if (week.messages === 0) return INSIGHTS_MSG.weekNone;
  return INSIGHTS_MSG.weekSummary(
    week.conversations,
    week.messages,
    Math.round((week.answered / week.messages) * 100),
  );
}

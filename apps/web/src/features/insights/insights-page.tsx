import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import type { Correction, MissedQuestion } from '@vuxo/shared/schemas';
import { ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/error-box';
import { PageLoading } from '../../components/ui/page-loading';
import { Container } from '../../components/ui/section';
import { usePageTitle } from '../../components/ui/use-page-title';
import { useAuth } from '../auth';
import { KeyFactsPanel, listUserBots } from '../dashboard';
import { NotFoundPage } from '../marketing';
import { ActivityPanel } from './components/activity-panel';
import { AnswersPanel } from './components/answers-panel';
import { ConversationLog } from './components/conversation-log';
import { SourcesPanel } from './components/sources-panel';
import { insightsApi } from './insights-api';
import styles from './insights-page.module.css';

/** /dashboard/bots/:botId (protected): what visitors asked the bot, what it missed, and the owner's answers. */
export function InsightsPage() {
  const { botId = '' } = useParams();
  const { getIdToken } = useAuth();
  const api = useMemo(() => insightsApi(getIdToken, botId), [getIdToken, botId]);
  const [botName, setBotName] = useState<string | null | undefined>(undefined);
  const [missed, setMissed] = useState<MissedQuestion[]>([]);
  const [corrections, setCorrections] = useState<Correction[]>([]);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(botName ? INSIGHTS_MSG.pageTitle(botName) : 'Insights');

  const showError = useCallback((message: string) => setError(INSIGHTS_MSG.loadFailed(message)), []);
  const reload = useCallback(async () => {
    try {
      const [nextMissed, nextCorrections] = await Promise.all([api.missed(), api.corrections()]);
      setMissed(nextMissed);
      setCorrections(nextCorrections);
    } catch (failure) {
      showError((failure as Error).message);
    }
  }, [api, showError]);

  useEffect(() => {
    let live = true;
    listUserBots(getIdToken).then(
      (bots) => {
        if (!live) return;
        const bot = bots.find((b) => b.botId === botId);
        setBotName(bot ? bot.botName : null);
        if (bot) void reload();
      },
      (failure: Error) => live && showError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [botId, getIdToken, reload, showError]);

  const act = (action: () => Promise<unknown>) => {
    action().then(reload, (failure: Error) => showError(failure.message));
  };
  const save = async (value: { id?: string; question: string; answer: string }) => {
    try {
      await api.saveCorrection(value);
      await reload();
      return null;
    } catch (failure) {
      return (failure as Error).message;
    }
  };

  if (botName === null) return <NotFoundPage />;
  return (
    <main className={styles.page}>
      <Container>
        <ButtonLink to={ROUTES.dashboard} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" />
          {INSIGHTS_MSG.backToDashboard}
        </ButtonLink>
        <h1 className={styles.title}>{botName ? INSIGHTS_MSG.pageTitle(botName) : 'Insights'}</h1>
        {error && <ErrorBox message={error} />}
        {botName === undefined && !error ? (
          <PageLoading />
        ) : (
          botName && (
            <div className={styles.grid}>
              <div className={styles.column}>
                <KeyFactsPanel botId={botId} />
                <AnswersPanel
                  missed={missed}
                  corrections={corrections}
                  save={save}
                  remove={(id) => act(() => api.deleteCorrection(id))}
                  dismiss={(id) => act(() => api.dismissMissed(id))}
                />
              </div>
              <div className={styles.column}>
                <SourcesPanel api={api} onError={showError} />
                <ActivityPanel api={api} onError={showError} />
                <ConversationLog api={api} onError={showError} save={save} />
              </div>
            </div>
          )
        )}
      </Container>
    </main>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { CONVERSATION_SEARCH_MAX } from '@vuxo/shared/insights';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import type { ConversationsResponse } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import { formatDay, formatTime } from '../format';
import type { InsightsApi } from '../insights-api';
import { CorrectionForm } from './correction-form';
import { ReplyText } from '../../widget';
import styles from '../insights-page.module.css';

/** Every conversation, newest first: searchable, paged, each one open to read, deletable; and the CSV. */
export function ConversationLog({
  api,
  onError,
  save,
}: {
  api: InsightsApi;
  onError: (message: string) => void;
  /** Saves the owner's answer to a visitor's question (resolves to an error message, or null). */
  save: (value: { question: string; answer: string }) => Promise<string | null>;
}) {
  const [query, setQuery] = useState({ q: '', page: 1 });
  /** The visitor message the owner is answering. */
  const [answering, setAnswering] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [data, setData] = useState<ConversationsResponse | null>(null);

  const load = useCallback(() => {
    let live = true;
    api.conversations(query).then(
      (reply) => live && setData(reply),
      (error: unknown) => live && onError((error as Error).message),
    );
    return () => {
      live = false;
    };
  }, [api, query, onError]);
  useEffect(load, [load]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const remove = async (id: string) => {
    try {
      await api.deleteConversation(id);
      load();
    } catch (error) {
      onError((error as Error).message);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="log-title">
      <div className={styles.cardHead}>
        <h2 id="log-title">{INSIGHTS_MSG.conversationsTitle}</h2>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void api.downloadCsv().catch((e: Error) => onError(e.message))}
        >
          {INSIGHTS_MSG.exportCsv}
        </Button>
      </div>
      <form
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ q: search.trim(), page: 1 });
        }}
      >
        <input
          type="search"
          aria-label={INSIGHTS_MSG.searchLabel}
          placeholder={INSIGHTS_MSG.searchLabel}
          value={search}
          maxLength={CONVERSATION_SEARCH_MAX}
          onChange={(event) => setSearch(event.target.value)}
        />
      </form>
      {data && data.conversations.length === 0 && (
        <p className={styles.empty}>{INSIGHTS_MSG.conversationsEmpty}</p>
      )}
      <ul className={styles.list}>
        {data?.conversations.map((conversation) => {
          const questions = conversation.messages.filter((m) => m.role === 'user');
          return (
            <li key={conversation.id} className={styles.item}>
              <details>
                <summary>
                  <span className={styles.question}>{questions[0]?.content}</span>
                  <span className={styles.meta}>
                    {INSIGHTS_MSG.visitorLabel(conversation.visitor)} · {formatDay(conversation.startedAt)} ·{' '}
                    {INSIGHTS_MSG.messageCount(questions.length)}
                  </span>
                </summary>
                <ol className={styles.transcript}>
                  {conversation.messages.map((message) => (
                    <li key={message.id} data-role={message.role}>
                      <span className={styles.meta}>{formatTime(message.at)}</span>
                      {/* The bot's reply as the visitor saw it (one renderer); the visitor's words as typed. */}
                      {message.role === 'assistant' ? (
                        <ReplyText text={message.content} />
                      ) : (
                        <p>{message.content}</p>
                      )}
                      {message.declined && <span className={styles.tag}>{INSIGHTS_MSG.declinedTag}</span>}
                      {message.role === 'user' &&
                        (answering === message.id ? (
                          <CorrectionForm
                            initial={{ question: message.content, answer: '' }}
                            onSave={async (value) => {
                              const error = await save(value);
                              if (!error) setAnswering(null);
                              return error;
                            }}
                            onCancel={() => setAnswering(null)}
                          />
                        ) : (
                          <Button size="sm" variant="ghost" onClick={() => setAnswering(message.id)}>
                            {INSIGHTS_MSG.writeAnswer}
                          </Button>
                        ))}
                    </li>
                  ))}
                </ol>
                <Button size="sm" variant="ghost" onClick={() => void remove(conversation.id)}>
                  {INSIGHTS_MSG.deleteConversation}
                </Button>
              </details>
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Pages">
          <Button
            size="sm"
            variant="ghost"
            disabled={query.page <= 1}
            onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
          >
            {INSIGHTS_MSG.previousPage}
          </Button>
          <span>{INSIGHTS_MSG.pageOf(query.page, pages)}</span>
          <Button
            size="sm"
            variant="ghost"
            disabled={query.page >= pages}
            onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
          >
            {INSIGHTS_MSG.nextPage}
          </Button>
        </nav>
      )}
    </section>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiExamples, API_EXAMPLE_KINDS } from '@vuxo/shared/api-examples';
import { API_REFERENCE_MSG as M } from '@vuxo/shared/messages';
import { PUBLIC_API } from '@vuxo/shared/public-api';
import type { OpenApiDocument } from '@vuxo/shared/schemas';
import { SimplePage } from '../../components/ui/simple-page';
import { CodeExample } from './code-example';
import { getOpenApiDocument } from './openapi-document';
import { Operations } from './operations';
import styles from './api-reference.module.css';

const EXAMPLE_TEXT = {
  chat: { title: M.chat, lead: M.chatLead },
  stream: { title: M.stream, lead: M.streamLead },
  webhook: { title: M.webhook, lead: M.webhookLead },
} as const;

/**
 * /docs/api (decision 114): examples to copy for this site's address (and the bot of `?bot=`, from its page), then
 * every route as the server's OpenAPI document describes it.
 */
export function ApiReferencePage() {
  const [search] = useSearchParams();
  const botId = search.get('bot');
  const examples = useMemo(() => apiExamples(window.location.origin, botId), [botId]);
  const [document, setDocument] = useState<OpenApiDocument | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getOpenApiDocument().then(setDocument, () => setFailed(true));
  }, []);

  return (
    <SimplePage title={M.title} lead={M.lead}>
      <div className={styles.page}>
        <p>{M.keysHow}</p>
        <section className={styles.group} aria-labelledby="api-examples">
          <h2 id="api-examples">{M.examplesTitle}</h2>
          {API_EXAMPLE_KINDS.map((kind) => (
            <CodeExample key={kind} {...EXAMPLE_TEXT[kind]} sources={examples[kind]} />
          ))}
        </section>
        <section className={styles.group} aria-labelledby="api-routes">
          <h2 id="api-routes">{M.routesTitle}</h2>
          <p>
            <a href={PUBLIC_API.openapi}>{M.documentLink}</a>
          </p>
          {document ? (
            <Operations document={document} />
          ) : (
            <p role={failed ? 'alert' : 'status'}>{failed ? M.loadFailed : M.loading}</p>
          )}
        </section>
      </div>
    </SimplePage>
  );
}

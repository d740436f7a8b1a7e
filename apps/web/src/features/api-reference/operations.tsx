import { API_REFERENCE_MSG as M } from '@vuxo/shared/messages';
import type { OpenApiDocument } from '@vuxo/shared/schemas';
import styles from './api-reference.module.css';

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
}
interface Operation {
  summary?: string;
  description?: string;
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; $ref?: string; content?: Record<string, unknown> }>;
}

const typeOf = (schema: Schema | undefined) =>
  schema?.enum ? schema.enum.join(' | ') : [schema?.type ?? 'any'].flat().join(' | ');
const AUTH: Record<string, string> = { apiKey: 'API key', ownerToken: 'Owner sign-in' };

/** The document's descriptions mark names as code with backticks (CommonMark, as OpenAPI allows). */
const withCode = (text: string) =>
  text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));

/** Each route of the OpenAPI document: what it takes and what it answers, read from the document itself. */
export function Operations({ document }: { document: OpenApiDocument }) {
  const entries = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <ul role="list" className={styles.operations}>
      {entries.map(({ path, method, op }) => (
        <li key={`${method} ${path}`} className={styles.operation}>
          <h3 className={styles.operationTitle}>
            <span className={styles.method} data-method={method}>
              {method.toUpperCase()}
            </span>{' '}
            <code>{path}</code>
          </h3>
          {op.summary && <p className={styles.summary}>{op.summary}</p>}
          {op.description && <p className={styles.muted}>{withCode(op.description)}</p>}
          {op.security?.[0] && (
            <p className={styles.muted}>
              {M.auth}:{' '}
              {Object.keys(op.security[0])
                .map((s) => AUTH[s] ?? s)
                .join(', ')}
            </p>
          )}
          <Fields
            title={M.parameters}
            fields={(op.parameters ?? []).map((p) => [p.name, p.schema, p.required])}
          />
          <Fields title={M.requestBody} fields={bodyFields(op)} />
          <p className={styles.muted}>
            {M.responses}: {Object.keys(op.responses ?? {}).join(', ')}
          </p>
        </li>
      ))}
    </ul>
  );
}

type Field = [name: string, schema: Schema | undefined, required: boolean | undefined];

function bodyFields(op: Operation): Field[] {
  // JSON, or a multipart upload's fields (its file among them).
  const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
  return Object.entries(schema?.properties ?? {}).map(([name, property]) => [
    name,
    property,
    schema?.required?.includes(name),
  ]);
}

function Fields({ title, fields }: { title: string; fields: Field[] }) {
  if (fields.length === 0) return null;
  return (
    <dl className={styles.fields}>
      <dt>{title}</dt>
      {fields.map(([name, schema, required]) => (
        <dd key={name}>
          <code>{name}</code> {typeOf(schema)}
          {required && <span className={styles.required}> · {M.required}</span>}
        </dd>
      ))}
    </dl>
  );
}

import { PUBLIC_API, publicApiPath } from './public-api.js';

/** The code examples of the API reference (decision 114), the same on the site's page and in the document. */

export const API_EXAMPLE_KINDS = ['chat', 'stream', 'webhook'] as const;
export type ApiExampleKind = (typeof API_EXAMPLE_KINDS)[number];
export const API_EXAMPLE_LANGUAGES = ['curl', 'JavaScript', 'Python'] as const;
export type ApiExampleLanguage = (typeof API_EXAMPLE_LANGUAGES)[number];
/** Where the examples read the key: it never appears in an example or an address. */
export const API_KEY_ENV = 'VUXO_API_KEY';
export const WEBHOOK_SECRET_ENV = 'VUXO_WEBHOOK_SECRET';
export const BOT_ID_PLACEHOLDER = 'YOUR_BOT_ID';
const QUESTION = 'What are your opening hours?';

export type ApiExamples = Record<ApiExampleKind, Partial<Record<ApiExampleLanguage, string>>>;

/** Only an id as the server makes them goes into a command someone may paste into a shell. */
const BOT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Every example, for the API at `origin` (the site's own) and one bot. Webhook verification has no curl. */
export function apiExamples(origin: string, botId?: string | null): ApiExamples {
  const url = `${origin}${publicApiPath(PUBLIC_API.messages, {
    botId: botId && BOT_ID.test(botId) ? botId : BOT_ID_PLACEHOLDER,
  })}`;
  return {
    chat: {
      curl: curl(url, `{"message": "${QUESTION}"}`),
      JavaScript: `const response = await fetch('${url}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.${API_KEY_ENV}}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({ message: '${QUESTION}' }),
});
const body = await response.json();
if (!response.ok) throw new Error(body.error.message);
// Send body.conversationId with the next message to continue the conversation.
console.log(body.reply);`,
      Python: `import os
import requests

response = requests.post(
    "${url}",
    headers={"Authorization": f"Bearer {os.environ['${API_KEY_ENV}']}"},
    json={"message": "${QUESTION}"},
    timeout=60,
)
body = response.json()
if not response.ok:
    raise RuntimeError(body["error"]["message"])
print(body["reply"])`,
    },
    stream: {
      curl: curl(url, `{"message": "${QUESTION}", "stream": true}`, '-N '),
      JavaScript: `const response = await fetch('${url}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.${API_KEY_ENV}}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({ message: '${QUESTION}', stream: true }),
});
if (!response.ok) throw new Error((await response.json()).error.message);
const decoder = new TextDecoder();
let buffer = '';
for await (const chunk of response.body) {
  buffer += decoder.decode(chunk, { stream: true });
  let end;
  while ((end = buffer.indexOf('\\n\\n')) !== -1) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
    // delta: more text (with replace: true, the whole reply so far); done: the finished reply.
    if (event === 'delta') process.stdout.write(data.text);
    if (event === 'error') throw new Error(data.error.message);
  }
}`,
      Python: `import json
import os
import requests

with requests.post(
    "${url}",
    headers={"Authorization": f"Bearer {os.environ['${API_KEY_ENV}']}"},
    json={"message": "${QUESTION}", "stream": True},
    stream=True,
    timeout=60,
) as response:
    if not response.ok:
        raise RuntimeError(response.json()["error"]["message"])
    event = None
    for line in response.iter_lines(decode_unicode=True):
        if line.startswith("event: "):
            event = line[len("event: "):]
        elif line.startswith("data: "):
            data = json.loads(line[len("data: "):])
            # delta: more text (with "replace": true, the whole reply so far); done: the finished reply.
            if event == "delta":
                print(data["text"], end="", flush=True)
            elif event == "error":
                raise RuntimeError(data["error"]["message"])`,
    },
    webhook: {
      JavaScript: `// npm install standardwebhooks express
import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.${WEBHOOK_SECRET_ENV});
const app = express();

// The raw body, exactly as sent: a re-serialized JSON object would not match its signature.
app.post('/vuxo-webhook', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body, {
      'webhook-id': req.header('webhook-id'),
      'webhook-timestamp': req.header('webhook-timestamp'),
      'webhook-signature': req.header('webhook-signature'),
    });
  } catch {
    return res.sendStatus(400);
  }
  console.log(event);
  res.sendStatus(204);
});
app.listen(3000);`,
      Python: `# pip install standardwebhooks flask
import os
from flask import Flask, request
from standardwebhooks import Webhook

webhook = Webhook(os.environ["${WEBHOOK_SECRET_ENV}"])
app = Flask(__name__)

@app.post("/vuxo-webhook")
def vuxo_webhook():
    try:
        # The raw body, exactly as sent: a re-serialized JSON object would not match its signature.
        event = webhook.verify(request.get_data(), {
            name: request.headers.get(name, "")
            for name in ("webhook-id", "webhook-timestamp", "webhook-signature")
        })
    except Exception:
        return "", 400
    print(event)
    return "", 204`,
    },
  };
}

/** An example as the OpenAPI document's `x-codeSamples` lists it (the convention of Redoc and Scalar). */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** The message route's examples, plain and streamed, for the document. */
export function messageCodeSamples(origin: string): CodeSample[] {
  const examples = apiExamples(origin);
  return (['chat', 'stream'] as const).flatMap((kind) =>
    API_EXAMPLE_LANGUAGES.map((language) => ({
      lang: language === 'curl' ? 'Shell' : language,
      label: kind === 'stream' ? `${language}, streamed` : language,
      source: examples[kind][language] ?? '',
    })),
  );
}

function curl(url: string, body: string, flags = ''): string {
  return `curl ${flags}-sS '${url}' \\
  -H "Authorization: Bearer $${API_KEY_ENV}" \\
  -H 'Content-Type: application/json' \\
  -d '${body}'`;
}

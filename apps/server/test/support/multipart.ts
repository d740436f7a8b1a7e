/** A multipart/form-data body for `app.inject`, built by hand so the file name can be anything. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; bytes: Uint8Array },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vuxo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const push = (text: string) => chunks.push(Buffer.from(text, 'utf8'));
  if (file) {
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n`,
    );
    push(`Content-Type: ${file.type}\r\n\r\n`);
    chunks.push(Buffer.from(file.bytes));
    push('\r\n');
  }
  for (const [name, value] of Object.entries(fields)) {
    push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  push(`--${boundary}--\r\n`);
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const newSessionId = () => `sess_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

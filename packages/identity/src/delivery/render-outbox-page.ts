import type { OutboxMessage } from './dev-outbox.ts';

/** The dev outbox as a small HTML page: every message, newest first, its links clickable. */
export function renderOutboxPage(messages: readonly OutboxMessage[]): string {
  const body =
    messages.length === 0
      ? '<p>No messages yet.</p>'
      : `<ol class="messages">\n${messages.map(renderMessage).join('\n')}\n</ol>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox | Ballast</title>
<style>
body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 0 auto; max-width: 60rem; padding: 1rem; }
.messages { list-style: none; padding: 0; }
.messages > li { border-top: 1px solid #888; padding: 0.5rem 0 1rem; }
h2 { font-size: 1.125rem; margin: 0.25rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; margin: 0.25rem 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { background: #f4f4f4; color: #111; padding: 0.75rem; white-space: pre-wrap; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p>Messages this development server kept instead of sending them, newest first.
<a href="outbox">Refresh</a> · <a href="outbox.json">As JSON</a></p>
${body}
</main>
</body>
</html>
`;
}

function renderMessage(message: OutboxMessage, index: number): string {
  const headingId = `message-${index + 1}`;
  const heading = message.subject || `${channelLabel(message.channel)} to ${message.to}`;
  return `<li><article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(heading)}</h2>
<dl>
<dt>Time</dt><dd><time datetime="${escapeHtml(message.created_at)}">${escapeHtml(formatTime(message.created_at))}</time></dd>
<dt>Channel</dt><dd>${escapeHtml(channelLabel(message.channel))}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
</dl>
<pre>${linkify(message.text)}</pre>
</article></li>`;
}

function channelLabel(channel: OutboxMessage['channel']): string {
  return { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' }[channel];
}

/** `2026-01-02T03:04:05.678Z` → `2026-01-02 03:04:05 UTC`. */
function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

// Only http(s) URLs become links, so a `javascript:` text cannot; trailing punctuation is the
// sentence's, not the URL's ("Open https://…/verify?token=abc.").
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Escapes the text and wraps each http(s) URL in it in a link. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

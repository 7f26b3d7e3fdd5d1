import type { LocalIdentity } from './service';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const STYLE = `
body{font-family:system-ui,sans-serif;background:#0f1115;color:#e8e8ea;display:flex;justify-content:center;margin:0}
main{max-width:420px;width:100%;padding:32px 20px}
h1{font-size:20px;margin:0 0 8px}
p{color:#a8a8b3;font-size:14px}
form{margin:0}
.identities{display:grid;gap:8px;margin:20px 0}
button{font:inherit;padding:10px 14px;border-radius:8px;border:1px solid #34343c;background:#1b1d24;color:inherit;
cursor:pointer;text-align:left;width:100%}
button:hover{border-color:#6b6bf0}
label{display:block;font-size:14px;margin:16px 0 6px}
input{font:inherit;box-sizing:border-box;width:100%;padding:9px 12px;border-radius:8px;border:1px solid #34343c;
background:#15171d;color:inherit}
.row{display:flex;gap:8px;margin-top:10px}
.primary{background:#4f46e5;border-color:#4f46e5;text-align:center}
.secondary{text-align:center}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export interface SignInPageInput {
  providerName: string;
  /** Host of the app asking, shown as "to continue to ...". */
  clientHost: string;
  identities: LocalIdentity[];
  /** Form target (the provider's /authorize). */
  action: string;
  interaction: string;
  csrf: string;
  /** A problem with the previous submission, e.g. an invalid email. */
  error?: string;
}

/**
 * The embedded provider's sign-in page: one button per test identity ('Ada (Google)'), a form for a new test
 * identity by email, and Cancel. Every value is escaped; each form carries the signed interaction and the CSRF token.
 */
export function renderSignInPage(input: SignInPageInput): string {
  const hidden = `<input type="hidden" name="interaction" value="${escapeHtml(input.interaction)}">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">`;
  const action = escapeHtml(input.action);
  const buttons = input.identities
    .map(
      (identity) => `<form method="post" action="${action}">${hidden}
<button type="submit" name="subject" value="${escapeHtml(identity.subject)}">${escapeHtml(
        `${identity.name} (${input.providerName})`,
      )}<br><small>${escapeHtml(identity.email)}</small></button></form>`,
    )
    .join('\n');
  const error = input.error ? `<p role="alert">${escapeHtml(input.error)}</p>` : '';
  return page(
    `Sign in with ${input.providerName}`,
    `<h1>Sign in with ${escapeHtml(input.providerName)} (local test identity)</h1>
<p>Choose a test identity to continue to ${escapeHtml(input.clientHost)}. This local provider stands in for
${escapeHtml(input.providerName)}; no password is needed.</p>
${error}
<div class="identities">
${buttons}
</div>
<form method="post" action="${action}">${hidden}
<label for="email">New test identity (email)</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="off" placeholder="you@example.com">
<div class="row"><button class="primary" type="submit">Continue with this email</button></div>
</form>
<form method="post" action="${action}">${hidden}
<div class="row"><button class="secondary" type="submit" name="cancel" value="1">Cancel</button></div>
</form>`,
  );
}

/** An error page for requests that must not be redirected (unknown client or redirect URI, RFC 6749 4.1.2.1). */
export function renderErrorPage(providerName: string, message: string): string {
  return page(
    `${providerName} sign-in error`,
    `<h1>Sign in with ${escapeHtml(providerName)} (local test identity)</h1>
<p role="alert">${escapeHtml(message)}</p>`,
  );
}

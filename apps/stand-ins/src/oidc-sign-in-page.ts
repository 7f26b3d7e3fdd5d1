import { escapeHtml } from './http';
import type { OidcIdentity } from './oidc-identities';

export interface SignInPageInput {
  providerName: string;
  /** Host of the app asking, shown as "to continue to ...". */
  clientHost: string;
  identities: OidcIdentity[];
  /** A problem with the previous submission, e.g. an invalid email. */
  error?: string | undefined;
}

/**
 * The provider's sign-in page: one button per test identity ('Ada (Google)'), a form for a new test identity by
 * email, and Cancel. Each form posts back to the page's own address (the interaction), whose cookie ties it to the
 * authorization request.
 */
export function signInPageBody(input: SignInPageInput): string {
  const provider = escapeHtml(input.providerName);
  const buttons = input.identities
    .map(
      (identity) => `<form method="post">
<button type="submit" name="subject" value="${escapeHtml(identity.subject)}">${escapeHtml(
        `${identity.name} (${input.providerName})`,
      )}<br><small>${escapeHtml(identity.email)}</small></button></form>`,
    )
    .join('\n');
  const error = input.error ? `<p role="alert">${escapeHtml(input.error)}</p>` : '';
  return `<h1>Sign in with ${provider} (local test identity)</h1>
<p>Choose a test identity to continue to ${escapeHtml(input.clientHost)}. This local provider stands in for
${provider}; no password is needed.</p>
${error}
${buttons}
<form method="post">
<p><label for="email">New test identity (email)</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="off" placeholder="you@example.com"></p>
<button type="submit">Continue with this email</button>
</form>
<form method="post"><button type="submit" name="cancel" value="1">Cancel</button></form>`;
}

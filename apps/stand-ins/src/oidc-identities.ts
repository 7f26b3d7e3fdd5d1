import { createHash } from 'node:crypto';
import { OLD_USER_TEST_IDENTITIES, type OldUserProvider } from '@ojo/db/seeds/old-user-identities';

/** A person of one provider's user base, as its id token and userinfo describe them. */
export interface OidcIdentity {
  subject: string;
  email: string;
  name: string;
}

const EMAIL_PATTERN = /^[^\s@<>"'()[\]\\,;:]+@[^\s@<>"'()[\]\\,;:]+\.[^\s@<>"'()[\]\\,;:]+$/;

/**
 * The identities of one provider: the old system's seeded ones (the sign-in page's buttons, the same subjects the
 * API's seed gave old accounts) and any a tester signs in with by email. Kept in memory: an email always maps to the
 * same subject, so after a restart the API still finds the same old account for it.
 */
export class OidcIdentities {
  private readonly bySubject = new Map<string, OidcIdentity>();
  readonly seeded: OidcIdentity[];

  constructor(private readonly provider: OldUserProvider) {
    this.seeded = OLD_USER_TEST_IDENTITIES.filter((identity) => identity.provider === provider).map(
      ({ subject, email, name }) => ({ subject, email, name }),
    );
    for (const identity of this.seeded) this.bySubject.set(identity.subject, identity);
  }

  get(subject: string | undefined): OidcIdentity | undefined {
    return subject ? this.bySubject.get(subject) : undefined;
  }

  /**
   * The identity behind an email typed on the sign-in page, or undefined when it is not an email. A seeded email
   * gives that identity; any other gets a subject derived from provider and email, so signing in twice is one person.
   */
  forEmail(rawEmail: string): OidcIdentity | undefined {
    const email = rawEmail.trim().toLowerCase();
    if (email.length > 254 || !EMAIL_PATTERN.test(email)) return undefined;
    const seeded = this.seeded.find((identity) => identity.email === email);
    if (seeded) return seeded;
    const digest = createHash('sha256').update(`${this.provider}:${email}`).digest('hex');
    const identity = { subject: `local-${digest.slice(0, 24)}`, email, name: email.split('@')[0] ?? email };
    this.bySubject.set(identity.subject, identity);
    return identity;
  }
}

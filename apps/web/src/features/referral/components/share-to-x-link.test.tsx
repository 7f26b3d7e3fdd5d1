import { productHashtag, xHandleFromUrl } from '@ojo/domain/share/share-text';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '@/config/env';
import { ShareToXLink } from './share-to-x-link';

describe('ShareToXLink', () => {
  it('opens an X post with the share text: @ mention, product hashtag, $OJO and the invite link', () => {
    const referralLink = 'http://localhost:3000/?inviteCode=AB12CD&sourceType=web';
    render(<ShareToXLink referralLink={referralLink} />);
    const link = screen.getByRole('link', { name: 'Share to X' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://x.com/intent/tweet');
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain(`@${xHandleFromUrl(env.social.xUrl)}`);
    expect(text).toContain(`#${productHashtag(env.productName)}`);
    expect(text).toContain('$OJO');
    expect(text).toContain(referralLink);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});

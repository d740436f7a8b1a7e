import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SHARE_MSG } from '@vuxo/shared/dashboard';
import { EMBED_GUIDES, EMBED_GUIDE_MSG } from '@vuxo/shared/messages';
import { EmbedGuide } from '../../src/features/dashboard/components/embed-guide';

const snippet = '<script src="https://vuxo.example/widget.js" data-bot="AbC123" async></script>';

afterEach(cleanup);

function setup() {
  render(<EmbedGuide snippet={snippet} botName="Salon Helper" />);
  const platform = screen.getByRole('combobox', { name: EMBED_GUIDE_MSG.platformLabel });
  const steps = (name: string) =>
    within(screen.getByRole('list', { name: EMBED_GUIDE_MSG.stepsLabel(name) }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  const email = () => screen.getByRole('link', { name: EMBED_GUIDE_MSG.emailAction });
  const mail = () => new URL(email().getAttribute('href')!);
  return { platform, steps, email, mail };
}

describe('the Share dialog’s embed guides', () => {
  it('shows the chosen website builder’s steps', () => {
    const { platform, steps } = setup();
    expect(steps(EMBED_GUIDES.wordpress.name)).toEqual(EMBED_GUIDES.wordpress.steps);
    expect(screen.getByText(/Custom HTML block/)).toBeTruthy();

    fireEvent.change(platform, { target: { value: 'shopify' } });
    expect(steps('Shopify')).toEqual(EMBED_GUIDES.shopify.steps);
    expect(screen.getByText(/layout\/theme\.liquid/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: EMBED_GUIDE_MSG.stepsLabel('WordPress') })).toBeNull();

    fireEvent.change(platform, { target: { value: 'google-sites' } });
    expect(screen.getByText(EMBED_GUIDES['google-sites'].note!)).toBeTruthy();
  });

  it('shows the code read-only and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup();
    const code = screen.getByRole('textbox', { name: SHARE_MSG.snippetLabel }) as HTMLTextAreaElement;
    expect(code.value).toBe(snippet);
    expect(code.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: `Copy ${SHARE_MSG.snippetLabel.toLowerCase()}` }));
    expect(await screen.findByText(`${SHARE_MSG.snippetLabel} copied.`)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(snippet);
  });

  it('emails the code with the chosen builder’s steps', () => {
    const { platform, mail } = setup();
    fireEvent.change(platform, { target: { value: 'wix' } });
    const href = mail();
    expect(href.protocol).toBe('mailto:');
    expect(href.searchParams.get('subject')).toBe(EMBED_GUIDE_MSG.mailSubject('Salon Helper'));
    const body = href.searchParams.get('body')!;
    expect(body).toContain(snippet);
    expect(body).toContain(EMBED_GUIDE_MSG.mailSteps('Wix'));
    EMBED_GUIDES.wix.steps.forEach((step, index) => expect(body).toContain(`${index + 1}. ${step}`));
    expect(body).not.toContain(EMBED_GUIDES.wordpress.steps[0]);
    // Encoded as a URI component: no raw spaces, angle brackets or line breaks in the link.
    expect(href.href).not.toMatch(/[ <>\n]/);
  });
});

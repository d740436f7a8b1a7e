import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VISITOR_REQUEST_MSG as MSG } from '@vuxo/shared/visitor-requests';
import RequestOffer from '../../src/features/widget/components/request-offer';

const BOT = 'Harbour Helper';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the request form checks what the server checks (issue 43, F3)', () => {
  it('shows the field’s message for a display-name email and a name with a control character, sending nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <RequestOffer
        botId="bot_harbour0001"
        botName={BOT}
        messages={[]}
        form="open"
        setForm={() => undefined}
      />,
    );
    const form = await screen.findByRole('form', { name: MSG.title(BOT) });
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
    type(MSG.emailLabel, '"Vuxo-Support"<attacker@evil.example>');
    type(MSG.nameLabel, 'Ann\tLee');
    type(MSG.questionLabel, 'Do you sell saddles?');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.submit(form);

    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.nameControl)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

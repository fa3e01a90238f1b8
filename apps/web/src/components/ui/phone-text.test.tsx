import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { formatPhoneNumberIntl } from 'react-phone-number-input';
import { formatPortuguesePhone, PhoneText } from './phone-text';

afterEach(cleanup);

// One number per leading-digit range of the Portuguese plan, mobiles, landlines and service numbers.
const PT = [
  '+351912345678',
  '+351923456789',
  '+351934567890',
  '+351961234567',
  '+351211234567',
  '+351221234567',
  '+351231234567',
  '+351253123456',
  '+351266123456',
  '+351289123456',
  '+351291123456',
  '+351296123456',
  '+351300123456',
  '+351308123456',
  '+351707123456',
  '+351760123456',
  '+351800123456',
  '+351808123456',
  '+351169312345',
  '+351 912 345 678',
];

describe('phone numbers for people', () => {
  it('writes Portuguese numbers exactly as libphonenumber does', () => {
    for (const tel of PT) expect(formatPortuguesePhone(tel), tel).toBe(formatPhoneNumberIntl(tel.replace(/\s+/g, '') as `+${string}`));
  });

  it('leaves other numbers to libphonenumber', async () => {
    for (const tel of ['+447911123456', '+351412345678', '+35191234567', '912345678']) expect(formatPortuguesePhone(tel), tel).toBeNull();
    render(
      <p data-testid="uk">
        <PhoneText value="+447911123456" />
      </p>,
    );
    expect(await screen.findByText('+44 7911 123456')).toBeInTheDocument();
    render(
      <p>
        <PhoneText value="912345678" />
      </p>,
    );
    expect(await screen.findByText('912345678')).toBeInTheDocument();
  });

  it('shows a Portuguese number formatted at once', () => {
    render(
      <p>
        <PhoneText value="+351912345678" />
      </p>,
    );
    expect(screen.getByText('+351 912 345 678')).toBeInTheDocument();
  });
});

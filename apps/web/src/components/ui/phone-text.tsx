import { useEffect, useState } from 'react';

/**
 * A Portuguese number (+351 and 9 digits) the way libphonenumber writes it ("+351 912 345 678",
 * "+351 21 234 5678": its PT formats, phone-text.test.tsx checks them against it), or null for
 * anything else. The library's metadata is ~48 KB gzipped: a profile page should not wait for it
 * to show a phone number, and the numbers the web app takes are all Portuguese.
 */
export function formatPortuguesePhone(tel: string): string | null {
  const digits = /^\+351(\d{9})$/.exec(tel.replace(/\s+/g, ''))?.[1];
  if (!digits) return null;
  if (/^2[12]/.test(digits)) return `+351 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  if (/^(?:16|[236-9])/.test(digits)) return `+351 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  return null;
}

const loadIntl = () =>
  import('react-phone-number-input').then((m) => (tel: string) => {
    try {
      return m.formatPhoneNumberIntl(tel as Parameters<typeof m.formatPhoneNumberIntl>[0]) || tel;
    } catch {
      return tel;
    }
  });

/** A phone number written for people: at once for Portuguese ones, others once libphonenumber has loaded. */
export function PhoneText({ value }: { value: string }) {
  const fast = formatPortuguesePhone(value);
  const [slow, setSlow] = useState<{ value: string; text: string } | null>(null);
  useEffect(() => {
    if (fast !== null) return;
    let live = true;
    void loadIntl().then((format) => live && setSlow({ value, text: format(value) }));
    return () => {
      live = false;
    };
  }, [value, fast]);
  return <>{fast ?? (slow?.value === value ? slow.text : value)}</>;
}

import { describe, expect, it } from 'vitest';
import { billingDetails, checkoutBody, formatNif, isValidNif, ivaIncluido, NIF_MESSAGES, nifCheckDigit, nifProblem, receiptNumber } from './index';

describe('NIF (Portuguese tax number)', () => {
  it('accepts valid NIFs of persons and companies, as people type them', () => {
    for (const nif of [
      '123456789',
      '501964843',
      '999999990',
      '286999005',
      '451234561',
      '701234563',
      '980123453',
      ' 123 456 789 ',
      'PT501964843',
      'pt 501 964 843',
      '501.964.843',
    ]) {
      expect(nifProblem(nif), nif).toBeNull();
      expect(isValidNif(nif)).toBe(true);
    }
  });

  it('computes the check digit with weights 9..2, and 0 when 11 − (sum mod 11) is 10 or 11', () => {
    expect(nifCheckDigit('12345678')).toBe(9);
    expect(nifCheckDigit('50196484')).toBe(3);
    // sum 99 → 99 mod 11 = 0 → 11 → 0
    expect(nifCheckDigit('99999999')).toBe(0);
    // sum 1·9 + 7·2 = 23 → 23 mod 11 = 1 → 10 → 0
    expect(nifCheckDigit('10000007')).toBe(0);
  });

  it('refuses a wrong check digit', () => {
    for (const nif of ['123456780', '501964842', '999999999']) expect(nifProblem(nif), nif).toBe('controlo');
  });

  it('refuses a wrong length or characters', () => {
    for (const nif of ['', '12345678', '1234567890', '12345678a', 'abcdefghi', 'PT12345678']) expect(nifProblem(nif), nif).toBe('formato');
  });

  it('refuses prefixes never issued (0, 4 except 45, 7 except 70–72/74/75/77/79, 9 except 90/91/98/99)', () => {
    // Each has a correct check digit, so only the prefix is wrong.
    const withCheck = (eight: string) => `${eight}${nifCheckDigit(eight)}`;
    for (const eight of ['01234567', '41234567', '44123456', '73123456', '76123456', '78123456', '92123456', '97123456']) {
      expect(nifProblem(withCheck(eight)), eight).toBe('prefixo');
    }
    for (const eight of ['45123456', '70123456', '79123456', '90123456', '91123456', '98123456', '99123456', '61234567', '81234567', '31234567']) {
      expect(nifProblem(withCheck(eight)), eight).toBeNull();
    }
  });

  it('is the checkout schema: normalises a valid NIF, refuses an invalid one with a pt-PT message, treats blank as absent', () => {
    expect(billingDetails.parse({ nif: 'PT 501 964 843', faturacaoNome: '  Eletro Lda.  ', faturacaoMorada: '' })).toEqual({
      nif: '501964843',
      faturacaoNome: 'Eletro Lda.',
    });
    expect(billingDetails.parse({ nif: '', faturacaoNome: '   ', faturacaoMorada: null })).toEqual({});
    const bad = checkoutBody.safeParse({ pacote: 'Elite', nif: '123456780' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['nif', NIF_MESSAGES.controlo]]);
    expect(billingDetails.safeParse({ nif: '12345' }).error!.issues[0]!.message).toBe(NIF_MESSAGES.formato);
    expect(billingDetails.safeParse({ faturacaoNome: 'x'.repeat(121) }).error!.issues[0]!.message).toBe(
      'O nome de faturação pode ter no máximo 120 caracteres.',
    );
    expect(formatNif('501964843')).toBe('501 964 843');
  });
});

describe('receipt arithmetic', () => {
  it('splits a VAT-inclusive price at 23 % into base and VAT in whole cents that add up exactly', () => {
    expect(ivaIncluido(12000)).toEqual({ baseCentimos: 9756, ivaCentimos: 2244, taxa: 23 });
    expect(ivaIncluido(9000)).toEqual({ baseCentimos: 7317, ivaCentimos: 1683, taxa: 23 });
    expect(ivaIncluido(6000)).toEqual({ baseCentimos: 4878, ivaCentimos: 1122, taxa: 23 });
    expect(ivaIncluido(100)).toEqual({ baseCentimos: 81, ivaCentimos: 19, taxa: 23 });
    for (let total = 0; total <= 20000; total++) {
      const { baseCentimos, ivaCentimos } = ivaIncluido(total);
      expect(baseCentimos + ivaCentimos).toBe(total);
      expect(Math.abs(baseCentimos - total / 1.23)).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });

  it('numbers a receipt by the Lisbon year of payment and the payment id', () => {
    expect(receiptNumber(123, '2026-03-02T10:00:00Z')).toBe('TC-2026-000123');
    // 31 December 23:30 UTC is still 2026 in Lisbon (winter time = UTC).
    expect(receiptNumber(7, '2026-12-31T23:30:00Z')).toBe('TC-2026-000007');
    expect(receiptNumber(1234567, new Date('2027-01-01T00:30:00Z'))).toBe('TC-2027-1234567');
  });
});

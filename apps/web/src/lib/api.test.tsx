import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api';

describe('errorMessage', () => {
  it("shows the server's Portuguese refusal and its 'try again in a moment', never a server error's text", () => {
    expect(errorMessage(new ApiError(409, 'NOT_OPEN', 'Projeto indisponível.'), 'Falhou.')).toBe('Projeto indisponível.');
    expect(errorMessage(new ApiError(503, 'BUSY', 'O serviço está muito ocupado neste momento.'), 'Falhou.')).toBe(
      'O serviço está muito ocupado neste momento.',
    );
    expect(errorMessage(new ApiError(500, 'INTERNAL', 'Erro interno.'), 'Falhou.')).toBe('Falhou.');
    expect(errorMessage(new ApiError(502, 'HTTP_ERROR', 'Bad Gateway'), 'Falhou.')).toBe('Falhou.');
    expect(errorMessage(new ApiError(400, 'VALIDATION', 'Os dados enviados não são válidos.'), 'Falhou.')).toBe('Falhou.');
    expect(errorMessage(new Error('x'), 'Falhou.')).toBe('Falhou.');
  });
});

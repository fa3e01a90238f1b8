import { M } from '@tc/shared';

/** A failure the user should read about. The central handler turns it into `{ code, message }`. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, fields?: Record<string, string>) => new AppError(400, code, message, fields);
export const unauthorized = (message: string = M.unauthorized) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = M.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = M.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

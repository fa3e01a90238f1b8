// Password recovery as other features use it (docs/decisions/0019).
export { RESET_TOKEN_KEY } from './recovery-shared';

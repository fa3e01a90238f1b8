/**
 * NUL and the other C0 control characters, bar tab, line feed and carriage return, and DEL: refused in
 * every text (the server's edge check and the forms' own checks use this one pattern). Apart from the
 * schemas so that a form's own check needs no zod.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

import { ERRORS, type TErrorCode } from '@portal/shared/errors';

/** An expected failure with a code from the shared table; the error handler renders it. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    code: TErrorCode,
    options: {
      message?: string;
      fieldErrors?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

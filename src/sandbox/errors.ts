/** One row of a field-level validation error. `index` is the 0-based batch row, absent for a single call. */
export interface FieldIssue {
  index?: number;
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { code: string; message: string; field?: string; details?: FieldIssue[] };
}

/** A refusal the service answers with: status, snake_case code, human message, optional field details. */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly details: FieldIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { field?: string; details?: FieldIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ServiceError";
    this.status = status;
    this.code = code;
    this.field = extra.field;
    this.details = extra.details;
    this.headers = extra.headers ?? {};
  }

  toBody(): ErrorBody {
    const error: ErrorBody["error"] = { code: this.code, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    if (this.details !== undefined) error.details = this.details;
    return { error };
  }
}

/** 422 for one or more field problems; `field` names the first so simple clients can point at it. */
export function validationFailed(issues: FieldIssue[], message?: string): ServiceError {
  const first = issues[0];
  const text =
    message ??
    (issues.length === 1 && first !== undefined
      ? first.message
      : `${issues.length} fields are invalid: ${[...new Set(issues.map((issue) => issue.field))].join(", ")}. See details.`);
  return new ServiceError(422, "validation_failed", text, {
    ...(first !== undefined ? { field: first.field } : {}),
    details: issues,
  });
}

/** The error code an injected 5xx answers with. */
export function faultCode(status: number): string {
  return status === 503 ? "service_unavailable" : "internal_error";
}

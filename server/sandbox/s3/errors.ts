import { randomBytes } from 'node:crypto';

/** S3's error codes the stand-in answers with, their statuses and S3's own messages. */
const ERRORS = {
  AccessDenied: [403, 'Access Denied'],
  InvalidAccessKeyId: [403, 'The AWS Access Key Id you provided does not exist in our records.'],
  SignatureDoesNotMatch: [
    403,
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  ],
  RequestTimeTooSkewed: [403, "The difference between the request time and the server's time is too large."],
  NoSuchBucket: [404, 'The specified bucket does not exist'],
  NoSuchKey: [404, 'The specified key does not exist.'],
  NoSuchUpload: [
    404,
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  ],
  InvalidRange: [416, 'The requested range is not satisfiable'],
  InvalidArgument: [400, 'Invalid Argument'],
  InvalidPart: [
    400,
    "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
  ],
  InvalidPartOrder: [
    400,
    'The list of parts was not in ascending order. Parts must be ordered by part number.',
  ],
  EntityTooSmall: [400, 'Your proposed upload is smaller than the minimum allowed object size.'],
  MalformedXML: [
    400,
    'The XML you provided was not well-formed or did not validate against our published schema',
  ],
  XAmzContentSHA256Mismatch: [
    400,
    "The provided 'x-amz-content-sha256' header does not match what was computed.",
  ],
  IncompleteBody: [
    400,
    'You did not provide the number of bytes specified by the Content-Length HTTP header',
  ],
  MethodNotAllowed: [405, 'The specified method is not allowed against this resource.'],
  NotImplemented: [501, 'A header you provided implies functionality that is not implemented'],
  InternalError: [500, 'We encountered an internal error. Please try again.'],
} as const;

export type S3ErrorCode = keyof typeof ERRORS;

/** An S3 error answer: the status and the XML body S3 sends (the SDK maps `Code` to its exception). */
export class S3Error extends Error {
  readonly status: number;
  constructor(
    readonly code: S3ErrorCode,
    readonly extra: Record<string, string | number> = {},
  ) {
    super(ERRORS[code][1]);
    this.status = ERRORS[code][0];
  }

  xml(resource: string): string {
    const fields = Object.entries(this.extra)
      .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
      .join('');
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<Error><Code>${this.code}</Code><Message>${escapeXml(this.message)}</Message>${fields}` +
      `<Resource>${escapeXml(resource)}</Resource><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`
    );
  }
}

export function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`,
  );
}

import { ErrorCode } from './error-codes';
import { classifyError, passesUpFromScreenSetup, UNKNOWN_ERROR_MESSAGE } from './error-policy';

const apiError = (status: number, code: number, message = 'Something', data: unknown = null) => ({
  status,
  code,
  message,
  data,
});

describe('classifyError', () => {
  it.each([ErrorCode.teamNotFound, ErrorCode.notTeamMember, ErrorCode.invalidUserStatus])(
    'drops the team user on %i, with the ids from errorData',
    (code) => {
      expect(classifyError(apiError(403, code, 'x', { teamId: 4, userId: 9 }))).toEqual({
        kind: 'membershipLost',
        teamId: 4,
        userId: 9,
      });
    },
  );

  it('copes with membership errors that carry no ids', () => {
    expect(classifyError(apiError(404, ErrorCode.teamNotFound, 'x', null))).toEqual({
      kind: 'membershipLost',
      teamId: null,
      userId: null,
    });
  });

  it('re-runs the auth flow on 401', () => {
    expect(classifyError(apiError(401, ErrorCode.tokenInvalid))).toEqual({ kind: 'unauthorized' });
  });

  it('shows the message of any other API error', () => {
    expect(classifyError(apiError(400, ErrorCode.validation, 'Validation error'))).toEqual({
      kind: 'apiError',
      message: 'Validation error',
    });
    expect(classifyError(apiError(500, 0, 'Unknown server error'))).toEqual({
      kind: 'apiError',
      message: 'Unknown server error',
    });
  });

  it('a validation error with a field list says what the fields say, never a bare "Validation error"', () => {
    const refused = apiError(400, ErrorCode.validation, 'Validation error', [
      { field: 'priceId', message: 'already has a premium plan' },
      { field: 'trial', message: 'Trial is over' },
    ]);
    expect(classifyError(refused)).toEqual({
      kind: 'apiError',
      message: 'Price id already has a premium plan. Trial is over',
    });
  });

  it('treats an error response without the spec body as an API error with its message', () => {
    const proxyError = { status: 502, code: null, message: 'Unknown server error', data: null };
    expect(classifyError(proxyError)).toEqual({ kind: 'apiError', message: 'Unknown server error' });
    expect(classifyError({ ...proxyError, status: 401 })).toEqual({ kind: 'unauthorized' });
  });

  it.each([new Error('boom'), 'text', null, { status: '401' }])("says 'Unknown error' for %o", (error) => {
    expect(classifyError(error)).toEqual({ kind: 'unknown', message: UNKNOWN_ERROR_MESSAGE });
  });
});

describe('passesUpFromScreenSetup', () => {
  it('passes up membership errors and 401, keeps the rest in the error box', () => {
    expect(passesUpFromScreenSetup(apiError(403, ErrorCode.notTeamMember))).toBe(true);
    expect(passesUpFromScreenSetup(apiError(401, ErrorCode.tokenInvalid))).toBe(true);
    expect(passesUpFromScreenSetup(apiError(404, ErrorCode.itemNotFound))).toBe(false);
    expect(passesUpFromScreenSetup(new Error('x'))).toBe(false);
  });
});

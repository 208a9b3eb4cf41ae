import { ApiError } from '@/api/api-error';
import { ErrorCode } from '@/domain/error-codes';
import { createErrorHandler } from './error-handling';

function handlerWithSpies() {
  const flash = { send: vi.fn() };
  const registry = { send: vi.fn() };
  const rerunAuthFlow = vi.fn();
  return { flash, registry, rerunAuthFlow, handle: createErrorHandler({ flash, registry, rerunAuthFlow }) };
}

describe('app-wide error handling', () => {
  it.each([ErrorCode.teamNotFound, ErrorCode.notTeamMember, ErrorCode.invalidUserStatus])(
    'drops the team user on %i and shows no flash',
    (code) => {
      const { flash, registry, handle } = handlerWithSpies();
      handle(new ApiError({ status: 403, code, message: 'x', data: { teamId: 1, userId: 10 } }));
      expect(registry.send).toHaveBeenCalledWith({ type: 'registry.dropTeamUser', teamId: 1, userId: 10 });
      expect(flash.send).not.toHaveBeenCalled();
    },
  );

  it('re-runs the auth flow on 401, without a flash', () => {
    const { flash, rerunAuthFlow, handle } = handlerWithSpies();
    handle(new ApiError({ status: 401, code: ErrorCode.tokenInvalid, message: 'Token is invalid' }));
    expect(rerunAuthFlow).toHaveBeenCalledTimes(1);
    expect(flash.send).not.toHaveBeenCalled();
  });

  it('shows other API errors as a danger flash with their message', () => {
    const { flash, handle } = handlerWithSpies();
    handle(new ApiError({ status: 404, code: ErrorCode.itemNotFound, message: 'Item not found' }));
    expect(flash.send).toHaveBeenCalledWith({
      type: 'flash.show',
      variant: 'danger',
      message: 'Item not found',
    });
  });

  it("shows 'Unknown error' for anything that is not an API error", () => {
    const { flash, handle } = handlerWithSpies();
    handle(new TypeError('Failed to fetch'));
    expect(flash.send).toHaveBeenCalledWith({
      type: 'flash.show',
      variant: 'danger',
      message: 'Unknown error',
    });
  });
});

import { loginLinkDestination } from '@/domain/login-link';

/** A JWT-shaped token with these claims (the console reads claims without verifying them). */
function token(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}
const code = token({ kind: 'auth_code', uid: 7 });
const at = (query: string) => loginLinkDestination(new URLSearchParams(query));

describe('loginLinkDestination', () => {
  it("lands a one-time code on the team's overview, or its billing with redirectTo=billing", () => {
    expect(at(`token=${code}&team_id=12&user_id=34`)).toBe('/teams/12-34/overview');
    expect(at(`token=${code}&team_id=12&user_id=34&redirectTo=billing`)).toBe('/teams/12-34/billing');
    expect(at(`token=${code}&team_id=12&user_id=34&redirectTo=members`)).toBe('/teams/12-34/overview');
    expect(at(`token=%20${code}%20&team_id=12&user_id=34`)).toBe('/teams/12-34/overview');
  });

  it('names no page for a token that is no one-time code (it is tried as a refresh token)', () => {
    expect(at(`token=${token({ kind: 'refresh', uid: 7 })}&team_id=12&user_id=34`)).toBeNull();
    expect(at('token=abc&team_id=12&user_id=34')).toBeNull();
    expect(at('team_id=12&user_id=34')).toBeNull();
  });

  it('names no page without a well-formed team and user', () => {
    expect(at(`token=${code}&team_id=12`)).toBeNull();
    expect(at(`token=${code}&team_id=0&user_id=34`)).toBeNull();
    expect(at(`token=${code}&team_id=12&user_id=3x`)).toBeNull();
    expect(at(`token=${code}&team_id=1234567890123456&user_id=1`)).toBeNull();
    expect(at(`token=${code}&team_id=../x&user_id=1`)).toBeNull();
  });
});

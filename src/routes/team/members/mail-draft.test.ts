import { CUSTOMER_SUCCESS_EMAIL } from '@/app/config';
import { invitationMailDraftUrl } from './mail-draft';

describe('invitation mail draft', () => {
  it('is addressed to the invitees, copies customer success and has the subject', () => {
    expect(invitationMailDraftUrl(['pete@acme.test', 'quinn+x@acme.test'])).toBe(
      `mailto:pete@acme.test,quinn%2Bx@acme.test?cc=${CUSTOMER_SUCCESS_EMAIL}&subject=Join%20our%20team%20on%20Spark`,
    );
  });
});

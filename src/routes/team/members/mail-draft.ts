// The mail draft that opens after a successful invite (spec section 7, 'Teams and users'): to the
// invitees, copying customer success, with the subject 'Join our team on Spark'.
import { CUSTOMER_SUCCESS_EMAIL } from '@/app/config';

export const INVITATION_MAIL_SUBJECT = 'Join our team on Spark';

/** An address in a mailto: URL: percent-encoded, but with '@' left readable (RFC 6068 allows it). */
const mailtoAddress = (address: string) => encodeURIComponent(address).replaceAll('%40', '@');

export function invitationMailDraftUrl(
  emails: readonly string[],
  cc: string = CUSTOMER_SUCCESS_EMAIL,
): string {
  // Spaces as %20, not '+': mail clients read '+' in a mailto: subject literally.
  const query = `cc=${mailtoAddress(cc)}&subject=${encodeURIComponent(INVITATION_MAIL_SUBJECT)}`;
  return `mailto:${emails.map(mailtoAddress).join(',')}?${query}`;
}

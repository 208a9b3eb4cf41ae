/** A Paddle transaction id as Paddle writes them: `txn_` and 26 lowercase letters and digits. */
const PADDLE_TRANSACTION_ID = /^txn_[a-z0-9]{26}$/;

export const isPaddleTransactionId = (value: string): boolean => PADDLE_TRANSACTION_ID.test(value);

/** What the sandbox keeps about an invoice beyond its public shape. */
export interface InvoiceInternal {
  paymentIntent?: string;
  /** The pending subscription update this invoice pays for (payment_behavior pending_if_incomplete). */
  pendingUpdateFor?: string;
}

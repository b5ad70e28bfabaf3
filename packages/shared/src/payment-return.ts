/**
 * The app's screen (a hash route) the payment provider sends the payer back to, showing the payment's
 * outcome. Its own module without zod: the investor app's route table imports it on the first screen.
 */
export const PAYMENT_RETURN_PATH = '/fastpayment/result';

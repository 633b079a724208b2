/**
 * Messages of the spec's catalogue for plans, checkout and payments (01-core §8, 02-tools §5),
 * word for word. Plain data without zod, so the app's entry (the subscription check) stays light;
 * the zod contract re-exports them (contract/payments.ts).
 */
export const PAYMENT_MESSAGES = {
  // 'Read from bill' on the payment page (02-tools §8 'Payments, applications, IoT').
  readBillFailedTitle: 'Bill processing failed',
  readBillFailedFallback: 'Could not extract data from the bill. Please fill the form manually.',
  readBillDoneTitle: 'Bill processed successfully',
  readBillDoneDescription: 'Form has been auto-populated with extracted data.',
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  captchaNotLoaded: 'reCAPTCHA not loaded. Please refresh the page and try again.',
  noCheckoutUrl: 'No checkout URL returned',
  mustBeLoggedIn: 'You must be logged in to checkout',
  checkoutFailed: 'Failed to create checkout session',
  checkoutErrorTitle: 'Checkout Error',
  checkoutErrorFallback: 'There was an error processing your request. Please try again.',
  subscriptionCheckFailed: 'Failed to check subscription',
  subscriptionErrorTitle: 'Subscription Error',
  subscriptionErrorDescription: 'Failed to check subscription status. Please try again later.',
  accountExists: 'User already exists. Use another email.',
  paymentAuthTitle: 'Authentication required',
  paymentAuthDescription: 'Please log in to make a payment.',
  invalidAmountTitle: 'Invalid amount',
  invalidAmountDescription: 'Please enter a valid payment amount.',
  paymentFailedTitle: 'Payment failed',
  paymentFailedFallback: 'Could not initiate payment. Please try again.',
  noCheckoutUrlReceived: 'No checkout URL received',
  paymentSuccessTitle: 'Payment Successful!',
  paymentSuccessDescription: 'Your payment has been processed successfully.',
  paymentConfirmedTitle: 'Payment Confirmed',
  paymentConfirmedDescription: "Your payment was successful, but we couldn't load the details.",
  paymentNotFound: 'Payment not found',
  badSignature: 'Webhook signature verification failed',
} as const;

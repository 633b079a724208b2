/**
 * How to reach Wattwise (02-tools §2.19: email, phone, live chat during business hours). The
 * address and number are the defaults of this codebase; an operator replaces them with their own.
 */
export const CONTACT = {
  email: 'help@wattwise.example',
  phone: '(404) 555-0142',
  hours: 'Monday to Friday, 9 am to 6 pm Eastern',
} as const;

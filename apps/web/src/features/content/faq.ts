// The FAQ text lives in packages/shared so the assistant's offline engine answers from the same source.
export { FAQ_GROUPS, type FaqItem } from '@wattwise/shared/content/faq';

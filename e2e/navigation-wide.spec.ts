import { describe, test } from 'node:test';
import { crawlAsEveryRole } from './support/crawl.ts';
import { useAppWithAdmin } from './support/admin-suite.ts';

// Every route of the spec's route table (02-tools §2.1) is reachable from the UI by the people
// allowed to open it (issue 28), on a wide screen: a crawl of the header, its More
// and account menus and the footer from /, as a visitor, a user and an admin at 1366 px.

const { suite, admin } = useAppWithAdmin({}, 'nav-admin');

describe('navigation crawl', () => {
  for (const width of [1366]) {
    test(`at ${width} px a visitor, a user and an admin reach every route they may open`, async () => {
      await crawlAsEveryRole(suite, admin, width);
    });
  }
});

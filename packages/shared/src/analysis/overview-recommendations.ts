/**
 * Which recommendation cards the overview shows (GET /api/recommendations): the server picks
 * them, so a user with hundreds of analysed bills receives a few dozen cards, not thousands.
 */

/** What the choice reads of a card. */
export type OverviewCard = { billId: string; recommendationType: string | null; billType: string | null; title: string; priority: 'high' | 'medium' | 'low' | null; savings: number };
/** What the choice reads of a bill. */
export type OverviewBill = { id: string; status: string; accountId: string | null; servicePeriodEnd: string | null; dueDate: string | null; createdAt: string };

/** The date a bill stands for in lists: the end of its period, else its due date, else its upload. */
function billDate(bill: OverviewBill): string {
  return bill.servicePeriodEnd ?? bill.dueDate ?? bill.createdAt;
}

const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

/** Advice about one unusual bill ("find out what drove this spike", "check for a leak"). */
const ANOMALY_ADVICE = new Set(['usage_investigation', 'leak_detection']);

/**
 * Cards for the overview: every analyzed bill has its own recommendations, so the same
 * advice repeats month after month. Keeps one card per advice and utility account, the one
 * from the most recent bill, then orders by priority and savings. Advice about an unusual bill
 * is shown only while that bill is its account's latest: once a newer bill has come in, the
 * spike is history and its yearly projection would overstate what is left to save.
 */
export function latestRecommendations<Card extends OverviewCard>(cards: readonly Card[], bills: readonly OverviewBill[]): Card[] {
  const billsById = new Map(bills.map((bill) => [bill.id, bill]));
  const dateOf = (billId: string) => {
    const bill = billsById.get(billId);
    return bill ? billDate(bill) : '';
  };
  const accountOf = (billId: string) => billsById.get(billId)?.accountId ?? '';
  const latestOfAccount = new Map<string, string>();
  for (const bill of bills) {
    if (bill.status !== 'processed' || !bill.accountId) continue;
    const current = latestOfAccount.get(bill.accountId);
    if (!current || billDate(bill) > dateOf(current)) latestOfAccount.set(bill.accountId, bill.id);
  }

  const best = new Map<string, Card>();
  for (const card of cards) {
    const account = accountOf(card.billId);
    if (card.recommendationType && ANOMALY_ADVICE.has(card.recommendationType) && account && latestOfAccount.get(account) !== card.billId) continue;
    const key = `${account}|${card.billType ?? ''}|${card.title}`;
    const current = best.get(key);
    if (!current || dateOf(card.billId) > dateOf(current.billId)) best.set(key, card);
  }
  return [...best.values()].sort(
    (a, b) => PRIORITY_RANK[a.priority ?? 'medium'] - PRIORITY_RANK[b.priority ?? 'medium'] || b.savings - a.savings,
  );
}

// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillSummary } from '@wattwise/shared/contract/bills';
import { createBillSummary } from '@/test/factories.ts';
import { renderScreen, reply } from '@/test/render.tsx';
import { DuplicateDialog } from '../components/duplicate-dialog.tsx';
import { useDuplicateQuestion } from './use-duplicate-question.ts';

function Harness({ bill, saved }: { bill: BillSummary; saved: boolean }) {
  const duplicate = useDuplicateQuestion(bill, saved);
  return (
    <>
      <p>{duplicate.open ? 'asking' : 'not asking'}</p>
      <button type="button" onClick={duplicate.reset}>
        Next upload
      </button>
      <DuplicateDialog {...duplicate.dialog} />
    </>
  );
}

const duplicate = createBillSummary({ id: 'b2', duplicateOfId: 'b1' });

describe('useDuplicateQuestion (upload page and "Save this bill")', () => {
  it('asks only about a saved bill that has a duplicate, sends the answer, then stops asking until reset', async () => {
    const { user, requests } = renderScreen(<Harness bill={duplicate} saved />, { api: { 'POST /api/bills/b2/duplicate': { bill: duplicate } } });
    expect(screen.getByText('asking')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(screen.getByText('not asking')).toBeTruthy());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ action: 'keep_both' }]);
    await user.click(screen.getByRole('button', { name: 'Next upload' }));
    expect(screen.getByText('asking')).toBeTruthy();
  });

  it('keeps asking when the answer was not saved', async () => {
    const { user } = renderScreen(<Harness bill={duplicate} saved />, { api: { 'POST /api/bills/b2/duplicate': reply(500, { error: { code: 'INTERNAL', message: 'down' } }) } });
    await user.click(screen.getByRole('button', { name: 'Replace earlier bill' }));
    expect(await screen.findByText('Could not save your choice')).toBeTruthy();
    expect(screen.getByText('asking')).toBeTruthy();
  });

  it('does not ask before the bill is saved, nor about a bill without a duplicate', () => {
    renderScreen(<Harness bill={duplicate} saved={false} />);
    renderScreen(<Harness bill={createBillSummary({ id: 'b3', duplicateOfId: null })} saved />);
    expect(screen.getAllByText('not asking')).toHaveLength(2);
  });
});

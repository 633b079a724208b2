import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBillFile } from './read-bill.ts';

// 'Read from bill' on /payment reads without keeping (issue 28, decision 232): one request to
// /api/bill-readings, never an upload to /api/bills (which stores a bill and spends a slot).

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reading a bill for the payment form', () => {
  it('sends the file to /api/bill-readings only and answers what was read', async () => {
    const reading = { billType: 'electricity', utilityProvider: 'Georgia Power', accountNumber: '123', totalAmount: 42.5, dueDate: '2026-01-02', customerName: null, serviceAddress: null };
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ reading }), { status: 200, headers: { 'content-type': 'application/json' } })));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'bill.pdf', { type: 'application/pdf' });

    await expect(readBillFile(file)).resolves.toEqual(reading);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/bill-readings');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('bill')).toBeInstanceOf(File);
  });

  it('rejects with the reason the server gave when the file cannot be read', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: { code: 'UNSUPPORTED_TYPE', message: 'Unsupported file type' } }), { status: 415, headers: { 'content-type': 'application/json' } }))));
    await expect(readBillFile(new File(['x'], 'notes.txt'))).rejects.toThrow('Unsupported file type');
  });
});

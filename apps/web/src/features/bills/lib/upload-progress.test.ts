import { describe, expect, it } from 'vitest';
import { applyProgressEvent, INITIAL_PROGRESS, PROGRESS, uploadedState } from './upload-progress.ts';

describe('upload progress', () => {
  it('follows 25 → 50 → 90 → 100 through the server events', () => {
    let state = uploadedState();
    expect(state.progress).toBe(25);
    state = applyProgressEvent(state, { status: 'processing', progress: 50, step: 'processing_started' });
    expect(state).toMatchObject({ phase: 'processing', progress: 50, step: 'Processing started' });
    state = applyProgressEvent(state, { status: 'processing', progress: 90, step: 'saving_results' });
    expect(state).toMatchObject({ progress: 90, step: 'Saving the results' });
    state = applyProgressEvent(state, { status: 'processing', progress: 90 });
    expect(state).toMatchObject({ progress: 90, step: 'Saving the bill' });
    state = applyProgressEvent(state, { status: 'processed', progress: 100 });
    expect(state).toMatchObject({ phase: 'success', progress: 100, step: 'Bill saved' });
  });

  it('names the server steps in plain words', () => {
    expect(applyProgressEvent(uploadedState(), { status: 'queued', progress: 25, step: 'waiting' }).step).toBe(
      'Uploaded, waiting to be processed',
    );
    expect(applyProgressEvent(uploadedState(), { status: 'processing', progress: 50, step: 'reading_bill' }).step).toBe(
      'Reading your bill',
    );
  });

  it('never moves backwards when a late or polled report carries a lower figure', () => {
    const state = applyProgressEvent({ phase: 'processing', progress: 90, step: '' }, { status: 'processing', progress: 50 });
    expect(state.progress).toBe(90);
  });

  it('puts processing at least at 50 even when the server sends no figure', () => {
    expect(applyProgressEvent(uploadedState(), { status: 'processing' }).progress).toBe(PROGRESS.processingStarted);
    expect(applyProgressEvent(uploadedState(), { status: 'queued', progress: 0 }).progress).toBe(PROGRESS.uploaded);
  });

  it('finishes at 100 when the bill is saved, whatever figure came with it', () => {
    expect(applyProgressEvent(INITIAL_PROGRESS, { status: 'processed', progress: 0 }).progress).toBe(100);
  });

  it('switches to the error phase and keeps the bar where it stopped when processing fails', () => {
    const state = applyProgressEvent({ phase: 'processing', progress: 50, step: '' }, { status: 'failed' });
    expect(state).toEqual({ phase: 'error', progress: 50, step: 'Processing failed' });
  });
});

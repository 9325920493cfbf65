import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderScreen } from '@/test-support/render';
import { DataTransferCard } from './data-transfer-card.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Profile's export and import", () => {
  it("brings an import's result into view and gives it the focus, so it is seen and read out", async () => {
    answerApi({
      'POST /api/import': {
        status: 200,
        body: { created: 2, skipped: 1, rejected: [{ row: 4, message: 'Fish type is required' }] },
      },
    });
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { user } = renderScreen(<DataTransferCard />);

    const file = new File(['[]'], 'log.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('File to import'), file);

    const summary = await screen.findByTestId('import-summary');
    expect(summary.textContent).toContain('2 catches imported, 1 already in your log, 1 row rejected');
    expect(document.activeElement).toBe(summary);
    expect(scrolled.mock.contexts).toContain(summary);
    // Still inside the live region, so it is announced even to someone whose focus the import did not move.
    expect(summary.closest('[role="status"]')).not.toBeNull();
  });
});

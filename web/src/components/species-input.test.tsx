import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test-support/render';
import { SpeciesInput } from './species-input.tsx';

/**
 * The catch forms' fish type field draws a plain field first and the suggestions once their chunk is here
 * (decision 023): what was typed meanwhile, the focus and the caret carry over to the field that suggests.
 */
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});

// The suggestions' chunk arrives when the test says.
vi.mock('./species-combobox.tsx', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

function FishType() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="fish-type">Fish Type</label>
      <SpeciesInput id="fish-type" value={value} onChange={setValue} />
    </>
  );
}

beforeEach(() => {
  // Offline: the angler's own species cannot be fetched; the bundled list is offered.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});

describe('the fish type field before and after its suggestions arrive', () => {
  it('keeps what was typed, the focus and the caret, then suggests', async () => {
    const { user } = renderScreen(<FishType />);
    const plain = screen.getByRole('combobox', { name: 'Fish Type' }) as HTMLInputElement;
    expect(plain.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();

    await user.type(plain, 'waleye');
    plain.setSelectionRange(3, 3);
    gate.open();

    await waitFor(() => expect(screen.getByRole('listbox', { hidden: true })).toBeTruthy());
    const field = screen.getByRole('combobox', { name: 'Fish Type' }) as HTMLInputElement;
    expect(field).not.toBe(plain);
    expect(field.value).toBe('waleye');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([3, 3]);

    await user.keyboard('l');
    expect(field.value).toBe('walleye');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Walleye' })).toBeTruthy());
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { DatePickerInput } from './date-picker-input';

/** Mantine's DatePickerInput arrives when the test says, so the closed look-alike can be used first. */
const calendarChunk = vi.hoisted(() => {
  let load = () => {};
  const loaded = new Promise<void>((resolve) => {
    load = resolve;
  });
  return { loaded, load };
});
vi.mock('./date-picker-calendar', async (importOriginal) => {
  await calendarChunk.loaded;
  return importOriginal();
});

/** What the pickers read as, without an open calendar. */
function pickersText(pickers: HTMLElement) {
  const closed = pickers.cloneNode(true) as HTMLElement;
  for (const calendar of closed.querySelectorAll('[role="dialog"]')) calendar.remove();
  return closed.textContent;
}

describe('DatePickerInput', () => {
  beforeEach(() => {
    // 15 Mar 2026: the calendar opens on March. Only Date is faked, so waits still run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T06:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reads as the picker it stands for; a click meanwhile opens the calendar once loaded', async () => {
    const onToChange = vi.fn();
    renderWithProviders(
      <div role="group" aria-label="Dates">
        <DatePickerInput
          label="From"
          placeholder="Pick a date"
          value="2026-03-01"
          onChange={vi.fn()}
          withAsterisk
          clearable
        />
        <DatePickerInput
          label="To"
          placeholder="Pick a date"
          value={null}
          onChange={onToChange}
          error="End date is required"
          withAsterisk
          clearable
        />
      </div>,
    );
    const dates = screen.getByRole('group', { name: 'Dates' });
    const closedText = pickersText(dates);
    expect(closedText).toBe('From *1 Mar 2026To *Pick a dateEnd date is required');
    expect(screen.getByRole('button', { name: 'From' }).textContent).toBe('1 Mar 2026');
    fireEvent.click(screen.getByRole('button', { name: 'To' }));

    calendarChunk.load();
    const day = await screen.findByRole('button', { name: '14 March 2026' });
    const to = screen.getByRole('button', { name: 'To' });
    expect(to.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true),
    );
    // The pickers read as their look-alikes did.
    expect(pickersText(dates)).toBe(closedText);

    fireEvent.click(day);
    expect(onToChange).toHaveBeenCalledWith('2026-03-14');
  });
});

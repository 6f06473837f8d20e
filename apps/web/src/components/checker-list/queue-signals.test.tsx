import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { AgeWithSignals } from './queue-signals';

afterEach(() => {
  vi.useRealTimers();
  setLanguage('en');
});

/** 27 Nov 2026, midday in India. */
const TODAY = new Date('2026-11-27T06:30:00Z');

function renderAge(props: Parameters<typeof AgeWithSignals>[0]) {
  vi.useFakeTimers({ now: TODAY, toFake: ['Date'] });
  renderWithProviders(
    <div data-testid="age">
      <AgeWithSignals {...props} />
    </div>,
  );
  return screen.getByTestId('age').textContent;
}

describe('a queue row’s Age with its signals', () => {
  it('tells how late a pack came and how many checks flagged its documents', () => {
    renderAge({ age: '3 days', fraudFlagCount: 3, pack: { dueDate: '2026-04-15', daysLate: 170 } });
    expect(screen.getByText('3 days')).toBeTruthy();
    expect(screen.getByText('170 days late')).toBeTruthy();
    expect(screen.getByText('3 checks flagged')).toBeTruthy();
  });

  it('tells how long a pack never submitted is overdue', () => {
    renderAge({ age: '—', fraudFlagCount: 0, pack: { dueDate: '2026-11-26', daysLate: null } });
    expect(screen.getByText('1 day overdue')).toBeTruthy();
  });

  it('says nothing more of a pack on time, unflagged documents or a borrower’s row', () => {
    expect(
      renderAge({ age: 'Today', fraudFlagCount: 0, pack: { dueDate: '2026-04-15', daysLate: 0 } }),
    ).toBe('Today');
    cleanup();
    expect(
      renderAge({
        age: 'Today',
        fraudFlagCount: null,
        pack: { dueDate: '2026-12-15', daysLate: null },
      }),
    ).toBe('Today');
  });

  it('speaks Hindi when Hindi is chosen', () => {
    setLanguage('hi');
    renderAge({ age: '—', fraudFlagCount: 2, pack: { dueDate: '2026-04-15', daysLate: 170 } });
    expect(screen.getByText('170 दिन देर से')).toBeTruthy();
    expect(screen.getByText('2 जाँचों में संकेत')).toBeTruthy();
  });
});

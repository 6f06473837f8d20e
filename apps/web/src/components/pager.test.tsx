import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { Pager } from './pager';

function renderPager(page: number, totalPages: number) {
  const onChange = vi.fn();
  renderWithProviders(<Pager page={page} totalPages={totalPages} onChange={onChange} />);
  const nav = screen.queryByRole('navigation', { name: 'Pages' });
  const pageLabels = nav
    ? within(nav)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent)
    : [];
  return { onChange, nav, pageLabels };
}

afterEach(() => setLanguage('en'));

describe('Pager (docs/product.md#limits page window)', () => {
  it('shows every page when there are 7 or fewer', () => {
    const { pageLabels, nav } = renderPager(4, 7);
    expect(pageLabels).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 6',
      'Page 7',
      'Next',
    ]);
    expect(nav?.textContent).not.toContain('…');
  });

  it('shows a window with gaps for 20 pages', () => {
    const { pageLabels, nav } = renderPager(10, 20);
    expect(pageLabels).toEqual([
      'Previous',
      'Page 1',
      'Page 9',
      'Page 10',
      'Page 11',
      'Page 20',
      'Next',
    ]);
    expect(nav?.textContent?.match(/…/g)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('offers Previous only after page 1 and Next only before the last (docs/product.md#validation)', () => {
    renderPager(1, 20);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
  });

  it('disables Next on the last page', () => {
    renderPager(20, 20);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('reports the page asked for', () => {
    const { onChange } = renderPager(10, 20);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange.mock.calls).toEqual([[11], [20], [9]]);
  });

  it('is left out when there is a single page', () => {
    expect(renderPager(1, 1).nav).toBeNull();
  });

  it('names its buttons in Hindi when Hindi is chosen', () => {
    setLanguage('hi');
    renderPager(1, 3);
    const nav = screen.getByRole('navigation', { name: 'पेज' });
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['पिछला', 'पेज 1', 'पेज 2', 'पेज 3', 'अगला']);
  });
});

import { lazy, Suspense, useState, type Ref } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLookAlike } from './look-alike';

/** A control that opens on a click, as Mantine's Select and DatePickerInput do. */
function Disclosure({ ref }: { ref: Ref<HTMLButtonElement> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button ref={ref} type="button" onClick={() => setOpened(!opened)}>
        Sort
      </button>
      {opened && <ul aria-label="Sort options" />}
    </>
  );
}

/** The Disclosure loaded when the test says, with a look-alike standing in meanwhile. */
function renderBeforeLoad() {
  let load = () => {};
  const loaded = new Promise<void>((resolve) => {
    load = resolve;
  });
  const LazyDisclosure = lazy(async () => {
    await loaded;
    return { default: Disclosure };
  });
  function Control() {
    const { lookAlike, controlRef } = useLookAlike<HTMLButtonElement>();
    return (
      <Suspense
        fallback={
          <button type="button" data-look-alike {...lookAlike}>
            Sort
          </button>
        }
      >
        <LazyDisclosure ref={controlRef} />
      </Suspense>
    );
  }
  render(
    <>
      <Control />
      <input aria-label="Search" />
    </>,
  );
  const lookAlike = screen.getByRole('button', { name: 'Sort' });
  expect(lookAlike.dataset.lookAlike).toBeDefined();
  return {
    lookAlike,
    /** Loads the control and answers it once it stands in the look-alike's place. */
    async loadControl() {
      load();
      return waitFor(() => {
        const control = screen.getByRole('button', { name: 'Sort' });
        expect(control.dataset.lookAlike).toBeUndefined();
        return control;
      });
    },
  };
}

const isOpen = () => screen.queryByRole('list', { name: 'Sort options' }) !== null;

describe('useLookAlike', () => {
  it('opens the control once it has loaded when the look-alike was clicked, with the focus on it', async () => {
    const { lookAlike, loadControl } = renderBeforeLoad();
    fireEvent.click(lookAlike);
    expect(isOpen()).toBe(false);

    const control = await loadControl();
    expect(isOpen()).toBe(true);
    expect(document.activeElement).toBe(control);
  });

  it('opens it when a press on the look-alike was still held as the control arrived', async () => {
    const { lookAlike, loadControl } = renderBeforeLoad();
    fireEvent.mouseDown(lookAlike);

    const control = await loadControl();
    expect(isOpen()).toBe(true);
    expect(document.activeElement).toBe(control);
  });

  it.each(['Enter', ' ', 'ArrowDown'])(
    'opens it when %j was pressed on the look-alike',
    async (key) => {
      const { lookAlike, loadControl } = renderBeforeLoad();
      lookAlike.focus();
      fireEvent.keyDown(lookAlike, { key });

      const control = await loadControl();
      expect(isOpen()).toBe(true);
      expect(document.activeElement).toBe(control);
    },
  );

  it('gives the control the focus the look-alike had, without opening it', async () => {
    const { lookAlike, loadControl } = renderBeforeLoad();
    lookAlike.focus();
    fireEvent.keyDown(lookAlike, { key: 'Tab' });

    const control = await loadControl();
    expect(document.activeElement).toBe(control);
    expect(isOpen()).toBe(false);
  });

  it('leaves the control closed when the user moved on from the look-alike meanwhile', async () => {
    const { lookAlike, loadControl } = renderBeforeLoad();
    lookAlike.focus();
    fireEvent.click(lookAlike);
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();

    await loadControl();
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(search);
  });

  it('leaves an untouched control closed and unfocused', async () => {
    const { loadControl } = renderBeforeLoad();
    const control = await loadControl();
    expect(isOpen()).toBe(false);
    expect(document.activeElement).not.toBe(control);
  });
});

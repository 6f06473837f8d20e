import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, makeFile } from './document-test-utils';
import { FIRST, renderPanel, slot, stubSet } from './panel-test-utils';

// pdf.js draws on a canvas, which the test DOM (happy-dom) lacks: the renderer is replaced by a stand-in that
// records what it was given (the real drawing is proved in the browser suite).
const pdfRenderer = vi.hoisted(() => ({
  documents: [] as { file: unknown; options: unknown }[],
  pages: [] as number[],
}));
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    Document: (props: {
      file: unknown;
      options: unknown;
      onLoadSuccess: (pdf: { numPages: number }) => void;
      children: ReactNode;
    }) => {
      pdfRenderer.documents.push({ file: props.file, options: props.options });
      const { onLoadSuccess } = props;
      useEffect(() => onLoadSuccess({ numPages: 3 }), [onLoadSuccess]);
      return <div>{props.children}</div>;
    },
    Page: ({ pageNumber }: { pageNumber: number }) => {
      pdfRenderer.pages.push(pageNumber);
      return <div>Drawn page {pageNumber}</div>;
    },
  };
});

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PDF_BYTES = new TextEncoder().encode('%PDF-1.7 three pages');
const PNG_URL = '/api/storage/scan.png?signature=abc';
const PDF_URL = '/api/storage/ledger.pdf?signature=abc';

/** As plain numbers: the test's typed arrays and the test DOM's may come from different realms. */
const bytesOf = async (blob: unknown) =>
  Array.from(new Uint8Array(await (blob as Blob).arrayBuffer()));

const blobLinks: Blob[] = [];
beforeEach(() => {
  blobLinks.length = 0;
  pdfRenderer.documents.length = 0;
  pdfRenderer.pages.length = 0;
  // Each blob: link names the blob it was made of, for the test to read.
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, URL, {
      createObjectURL: (blob: Blob) => `blob:preview-${blobLinks.push(blob)}`,
      revokeObjectURL: () => {},
    }),
  );
});

const withFile = (contentType: string, fileName: string, url: string) =>
  makeFile('SHORTFALL_INFUSION_PROOF', { contentType, fileName }, url);

describe('Inline preview in a slot', () => {
  it('draws an image from its fetched bytes, with Download still offered', async () => {
    const { fetchMock } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      [withFile('image/png', 'scan.png', PNG_URL)],
      {
        [`GET ${PNG_URL}`]: { status: 200, bytes: PNG_BYTES, contentType: 'image/png' },
      },
    );
    renderPanel();
    const item = await slot(FIRST);
    // Fetched only when asked for (a phone need not pull every document).
    expect(callsTo(fetchMock, 'GET', PNG_URL)).toEqual([]);
    const view = item.getByRole('button', { name: 'View scan.png' });
    expect(view.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(view);
    const image = await item.findByRole('img', { name: 'Preview of scan.png' });
    await waitFor(() => expect(image.getAttribute('src')).toBe('blob:preview-1'));
    expect(blobLinks[0]?.type).toBe('image/png');
    expect(await bytesOf(blobLinks[0])).toEqual(Array.from(PNG_BYTES));
    expect(callsTo(fetchMock, 'GET', PNG_URL)).toHaveLength(1);
    expect(item.getByRole('link', { name: 'Download scan.png' }).getAttribute('href')).toBe(
      PNG_URL,
    );
    // Uploaded content is never framed or embedded by its link.
    expect(document.querySelector('iframe, object, embed')).toBeNull();

    const hide = item.getByRole('button', { name: 'Hide the preview of scan.png' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    expect(item.queryByRole('img', { name: 'Preview of scan.png' })).toBeNull();
  });

  it("hands a PDF's bytes to pdf.js without eval, a page at a time", async () => {
    stubSet('approver', 'PENDING_APPROVAL', [withFile('application/pdf', 'ledger.pdf', PDF_URL)], {
      [`GET ${PDF_URL}`]: { status: 200, bytes: PDF_BYTES, contentType: 'application/pdf' },
    });
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.click(item.getByRole('button', { name: 'View ledger.pdf' }));
    expect(await item.findByText('Drawn page 1')).toBeTruthy();
    const { file, options } = pdfRenderer.documents[0]!;
    expect(await bytesOf(file)).toEqual(Array.from(PDF_BYTES));
    expect(options).toEqual({ isEvalSupported: false });

    expect(await item.findByText('Page 1 of 3')).toBeTruthy();
    expect(item.getByRole('button', { name: 'Previous page of ledger.pdf' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(item.getByRole('button', { name: 'Next page of ledger.pdf' }));
    expect(await item.findByText('Drawn page 2')).toBeTruthy();
    expect(item.getByText('Page 2 of 3')).toBeTruthy();
    expect(item.getByRole('link', { name: 'Download ledger.pdf' })).toBeTruthy();
    expect(document.querySelector('iframe, object, embed')).toBeNull();
  });

  it('offers only the download for a type it cannot show', async () => {
    const url = '/api/storage/sales.xlsx?signature=abc';
    const { fetchMock } = stubSet('approver', 'PENDING_APPROVAL', [
      withFile(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'sales.xlsx',
        url,
      ),
    ]);
    renderPanel();
    const item = await slot(FIRST);
    expect(item.getByText(/no preview here: download it/)).toBeTruthy();
    expect(item.queryByRole('button', { name: /^View/ })).toBeNull();
    expect(item.getByRole('link', { name: 'Download sales.xlsx' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', url)).toEqual([]);
  });

  it('says when the file could not be fetched, and tries again on request', async () => {
    const { routes, fetchMock } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      [withFile('image/png', 'scan.png', PNG_URL)],
      {
        [`GET ${PNG_URL}`]: {
          status: 403,
          body: { error: { code: 'FORBIDDEN', message: 'Expired' } },
        },
      },
    );
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.click(item.getByRole('button', { name: 'View scan.png' }));
    expect(await item.findByText(/The preview could not be loaded/)).toBeTruthy();
    routes[`GET ${PNG_URL}`] = { status: 200, bytes: PNG_BYTES, contentType: 'image/png' };
    fireEvent.click(item.getByRole('button', { name: 'Try again' }));
    expect(await item.findByRole('img', { name: 'Preview of scan.png' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', PNG_URL)).toHaveLength(2);
    expect(screen.queryByText(/The preview could not be loaded/)).toBeNull();
  });
});

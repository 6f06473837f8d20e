import { useRef, useState } from 'react';
import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ALLOWED_CONTENT_TYPES,
  ALLOWED_FILE_EXTENSIONS,
  ErrorBodySchema,
  formatDate,
  LoanStatementRequestResponseSchema,
  type LoanStatementRequest,
  type Role,
} from '@portal/domain';
import { ApiError } from '../../api/client';
import { contentTypeOf } from '../documents/upload';
import { loanStatementRequestsPath, loanStatementRequestsQuery } from './loan-statement-queries';

/** The API lets approvers and admins send statements; viewers only read (DESIGN §3, §5). */
export function canAttachStatement(role: Role): boolean {
  return role === 'approver' || role === 'admin';
}

const ACCEPT = [...ALLOWED_FILE_EXTENSIONS, ...ALLOWED_CONTENT_TYPES].join(',');

/** DESIGN §7: a refusal in words that say what to do. */
function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.status === 413) return 'This file is too large. Choose a smaller file or compress it.';
  if (error.status === 415) {
    return 'This type of file is not accepted. Attach a PDF, PNG, JPEG, Excel, Word or CSV file.';
  }
  if (error.status === 409) return `${error.message} The list now shows the latest state.`;
  return error.message;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(xhr.responseText));
    if (parsed.success) {
      return new ApiError(xhr.status, parsed.data.error.code, parsed.data.error.message);
    }
  } catch {
    // Not our JSON (a proxy page): the status says enough below.
  }
  return new ApiError(
    xhr.status,
    `HTTP_${xhr.status}`,
    'Something went wrong on the server. Please try again in a moment.',
  );
}

/**
 * `PUT …/{requestId}/statement?fileName=` with the file itself as the body and its
 * Content-Type (the API streams it to storage). XMLHttpRequest rather than fetch:
 * only it reports upload progress.
 */
function putStatement(
  opportunityKey: string,
  request: LoanStatementRequest,
  file: File,
  onProgress: (percent: number) => void,
): Promise<LoanStatementRequest> {
  const path = `${loanStatementRequestsPath(opportunityKey)}/${encodeURIComponent(request.id)}/statement`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api${path}?fileName=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('Content-Type', contentTypeOf(file));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr));
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const parsed = LoanStatementRequestResponseSchema.safeParse(body);
      if (parsed.success) return resolve(parsed.data.loanStatementRequest);
      reject(
        new ApiError(
          xhr.status,
          'INVALID_RESPONSE',
          'The server sent an answer this page does not understand. Please reload and try again.',
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          'NETWORK_ERROR',
          'Could not reach the server. Check your internet connection and try again.',
        ),
      );
    xhr.send(file);
  });
}

/**
 * Staff send the statement a borrower asked for: pick a file, it goes up with its
 * progress shown, and the refreshed list then shows the request FULFILLED with its
 * Download link.
 */
export function AttachStatement({
  opportunityKey,
  request,
}: {
  opportunityKey: string;
  request: LoanStatementRequest;
}) {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(0);
  // Cleared after each try, so the same file can be picked again after a refusal.
  const resetPicker = useRef<() => void>(null);
  const period = `${formatDate(request.fromDate)} to ${formatDate(request.toDate)}`;

  const attach = useMutation({
    mutationFn: (file: File) => putStatement(opportunityKey, request, file, setPercent),
    onSuccess: () =>
      notifications.show({
        color: 'green',
        title: 'Statement sent',
        message: `The borrower is told by e-mail and can download the statement for ${period}.`,
      }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'The statement was not sent',
        message: failureMessage(error),
      }),
    onSettled: () => {
      setPercent(0);
      resetPicker.current?.();
      // Kept pending until the list has the new state, so the button never offers a second send.
      return queryClient.invalidateQueries(loanStatementRequestsQuery(opportunityKey));
    },
  });

  return (
    <FileButton
      accept={ACCEPT}
      onChange={(file) => file && attach.mutate(file)}
      resetRef={resetPicker}
      disabled={attach.isPending}
    >
      {(props) => (
        <Button
          {...props}
          size="compact-sm"
          variant="light"
          leftSection={<IconPaperclip size={16} aria-hidden />}
          disabled={attach.isPending}
          aria-label={
            attach.isPending
              ? `Sending the statement for ${period}: ${percent}%`
              : `Attach statement for ${period}`
          }
        >
          {attach.isPending ? `Sending… ${percent}%` : 'Attach statement'}
        </Button>
      )}
    </FileButton>
  );
}

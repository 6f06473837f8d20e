import { useRef, useState } from 'react';
import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  isReviewerRole,
  LoanStatementRequestResponseSchema,
  type LoanStatementRequest,
  type Role,
} from '@portal/domain';
import { apiPath, LOAN_STATEMENT_PATH } from '@portal/domain/api-paths';
import { ApiError } from '../../api/client';
import { ACCEPT_ATTRIBUTE, contentTypeOf, sendBytes } from '../documents/upload';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { loanStatementRequestsQuery } from './loan-statement-queries';
import { messages } from '../../i18n/messages/loanStatement';

addMessages(messages);

/** The API lets approvers and admins send statements; viewers only read (docs/product.md#roles, #server-rules). */
export function canAttachStatement(role: Role): boolean {
  return isReviewerRole(role);
}

/** A statement's date ('22 Nov 2026'), its month in the chosen language. */
export function shownDate(value: string): string {
  return formatDate(value, DEFAULT_TIME_ZONE, currentLanguage());
}

/** docs/product.md#look-and-feel: a refusal in words that say what to do. */
function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return i18n._('loanStatement.failedGeneric');
  if (error.status === 413) return i18n._('loanStatement.tooLarge');
  if (error.status === 415) {
    return i18n._('loanStatement.wrongType');
  }
  if (error.status === 409) return i18n._('loanStatement.conflict', { message: error.message });
  return error.message;
}

function parseAnswer(text: string): LoanStatementRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = LoanStatementRequestResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.loanStatementRequest;
  throw new ApiError(200, 'INVALID_RESPONSE', i18n._('loanStatement.invalidAnswer'));
}

/**
 * `PUT …/{requestId}/statement?fileName=` with the file itself as the body and its
 * Content-Type (the API streams it to storage), through the app's one upload path.
 */
async function putStatement(
  opportunityKey: string,
  request: LoanStatementRequest,
  file: File,
  onProgress: (percent: number) => void,
): Promise<LoanStatementRequest> {
  const path = apiPath(LOAN_STATEMENT_PATH, { opportunityKey, requestId: request.id });
  const answer = await sendBytes(`${path}?fileName=${encodeURIComponent(file.name)}`, file, {
    headers: { 'Content-Type': contentTypeOf(file), Accept: 'application/json' },
    onProgress: (fraction) => onProgress(Math.round(fraction * 100)),
  });
  return parseAnswer(answer);
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
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(0);
  // Cleared after each try, so the same file can be picked again after a refusal.
  const resetPicker = useRef<() => void>(null);
  const period = _('loanStatement.period', {
    from: shownDate(request.fromDate),
    to: shownDate(request.toDate),
  });

  const attach = useMutation({
    mutationFn: (file: File) => putStatement(opportunityKey, request, file, setPercent),
    onSuccess: () =>
      notifications.show({
        color: 'green',
        title: i18n._('loanStatement.statementSent'),
        message: i18n._('loanStatement.statementSentMessage', { period }),
      }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: i18n._('loanStatement.statementNotSent'),
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
      accept={ACCEPT_ATTRIBUTE}
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
              ? _('loanStatement.sendingLabel', { period, percent })
              : _('loanStatement.attachLabel', { period })
          }
        >
          {attach.isPending ? _('loanStatement.sending', { percent }) : _('loanStatement.attach')}
        </Button>
      )}
    </FileButton>
  );
}

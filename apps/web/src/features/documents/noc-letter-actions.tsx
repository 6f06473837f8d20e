import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import {
  NocLetterPreparingResponseSchema,
  NocLetterResponseSchema,
  type NocLetterResponse,
} from '@portal/domain';
import { ApiError, apiGet, type AnswerCheck } from '../../api/client';
import { addMessages, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/documentEntry';

addMessages(messages);

/** An answer with the letter, or none (202) while it is being prepared. */
const PreparedOrNot: AnswerCheck<NocLetterResponse | null> = {
  safeParse: (data) =>
    NocLetterPreparingResponseSchema.safeParse(data ?? null).success
      ? { success: true, data: null }
      : NocLetterResponseSchema.safeParse(data),
};

/**
 * The unit's letter, or null while it is being prepared (the API answers 202 until it is stored,
 * and 404 for a unit approved before letters were issued).
 */
export async function fetchNocLetter(nocLetterPath: string, signal?: AbortSignal) {
  try {
    return await apiGet(nocLetterPath, PreparedOrNot, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const nocLetterKey = (nocLetterPath: string) => ['noc-letter', nocLetterPath] as const;

/**
 * "Download NOC letter" for an approved unit: the link is fetched on the click, so it is always
 * fresh (links live 15 minutes), and a letter still being prepared says so.
 */
export function NocLetterDownloadButton({
  nocLetterPath,
  label,
}: {
  nocLetterPath: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const { _ } = useLingui();
  const download = async () => {
    setBusy(true);
    try {
      const answer = await fetchNocLetter(nocLetterPath);
      if (answer?.meta.presignedUrl) {
        window.location.assign(answer.meta.presignedUrl);
      } else {
        notifications.show({
          color: answer ? 'red' : 'blue',
          message: answer
            ? i18n._('documentEntry.nocRevokedByLender')
            : i18n._('documentEntry.nocPreparingNotice'),
        });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={_('documentEntry.nocDownloadOf', { label })}
      onClick={() => void download()}
    >
      {_('documentEntry.nocDownload')}
    </Button>
  );
}

import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../api/client';
import { addMessages, i18n, useLingui } from '../../i18n';
import type { DocumentSetRef } from './document-set-ref';
import { parentAnswerSchema, type DocumentSetParent } from './document-queries';
import { messages } from '../../i18n/messages/documentPanel';
import { useAnnounce } from './panel-status';
import { documentErrorMessage, isConflict } from './upload';

addMessages(messages);

interface SubmitSetProps {
  setRef: DocumentSetRef;
  parent: DocumentSetParent;
  /** With the set as the submit answered it. */
  onSubmitted: (parent: DocumentSetParent) => Promise<void>;
  /** Refetch after a 409: the set changed meanwhile. */
  onConflict: () => Promise<void>;
}

/**
 * The borrower's submit to the checker, in the panel (issue 11), shown when the set is ready
 * (the domain's isReadyToSubmit): docs/product.md#screens's confirm checkbox 'Please confirm the selection.' and
 * 'Submit to checker', enabled once ticked (docs/product.md#validation).
 */
export function SubmitSet({ setRef, parent, onSubmitted, onConflict }: SubmitSetProps) {
  const [confirmed, setConfirmed] = useState(false);
  const announce = useAnnounce();
  const { _ } = useLingui();
  const submit = useMutation({
    mutationFn: () =>
      apiSend(
        'PUT',
        setRef.basePath,
        { approvalStatus: 'PENDING_APPROVAL', version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async (submitted) => {
      announce(i18n._('documentPanel.submit.announced', { title: setRef.title }));
      await onSubmitted(submitted);
    },
    onError: (error) => {
      if (isConflict(error)) void onConflict();
    },
  });

  return (
    <Paper withBorder p="md" role="region" aria-label={_('documentPanel.submit.button')}>
      <Stack gap="sm">
        <Text>{_('documentPanel.submit.explain', { kind: setRef.kind })}</Text>
        <Checkbox
          label={_('documentPanel.submit.confirm')}
          checked={confirmed}
          disabled={submit.isPending}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
        />
        {submit.isError && (
          <Alert color="red" title={_('documentPanel.submit.failed')}>
            {documentErrorMessage(submit.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button disabled={!confirmed} loading={submit.isPending} onClick={() => submit.mutate()}>
            {_('documentPanel.submit.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

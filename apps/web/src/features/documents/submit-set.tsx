import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../api/client';
import type { DocumentSetRef } from './document-set-ref';
import { parentAnswerSchema, type DocumentSetParent } from './document-queries';
import { useAnnounce } from './panel-status';
import { documentErrorMessage, isConflict } from './upload';

interface SubmitSetProps {
  setRef: DocumentSetRef;
  parent: DocumentSetParent;
  onSubmitted: () => Promise<void>;
  /** Refetch after a 409: the set changed meanwhile. */
  onConflict: () => Promise<void>;
}

/**
 * The borrower's submit to the checker, in the panel (issue 11), shown when the set is ready
 * (the domain's isReadyToSubmit): SPEC §2's confirm checkbox 'Please confirm the selection.' and
 * 'Submit to checker', enabled once ticked (SPEC §5).
 */
export function SubmitSet({ setRef, parent, onSubmitted, onConflict }: SubmitSetProps) {
  const [confirmed, setConfirmed] = useState(false);
  const announce = useAnnounce();
  const submit = useMutation({
    mutationFn: () =>
      apiSend(
        'PUT',
        setRef.basePath,
        { approvalStatus: 'PENDING_APPROVAL', version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async () => {
      announce(`${setRef.title} is submitted to the checker.`);
      await onSubmitted();
    },
    onError: (error) => {
      if (isConflict(error)) void onConflict();
    },
  });

  return (
    <Paper withBorder p="md" role="region" aria-label="Submit to checker">
      <Stack gap="sm">
        <Text>
          Every document is in. Submit this {setRef.kind} to the checker: its documents cannot be
          changed while the checker reviews them.
        </Text>
        <Checkbox
          label="Please confirm the selection."
          checked={confirmed}
          disabled={submit.isPending}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
        />
        {submit.isError && (
          <Alert color="red" title="Not submitted">
            {documentErrorMessage(submit.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button disabled={!confirmed} loading={submit.isPending} onClick={() => submit.mutate()}>
            Submit to checker
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

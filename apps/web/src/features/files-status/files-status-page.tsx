import { Link, useParams } from 'react-router';
import { Alert, Box, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { homePathFor } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { QueryLoader } from '../../components/query-loader';
import { PageTitle } from '../../components/page-title';
import { periodLabel } from '../../components/checker-list/deep-links';
import { addMessages, useLingui } from '../../i18n';
import { frequencySet, unitSet, type ReadOnlySet } from './files-status-queries';
import { FilesStatusTable } from './files-status-table';
import { messages } from '../../i18n/messages/filesStatus';

addMessages(messages);

/**
 * docs/product.md#screens "Read-only files status screen" at collaterals/:collateralKey/frequencies/:frequencyKey
 * and projects/:projectKey/units/:unitKey — the links a CRM user is given (docs/product.md#what-it-does, #roles).
 */
export function FilesStatusPage() {
  // The route table supplies one pair or the other; the defaults only satisfy the types.
  const { collateralKey, frequencyKey, projectKey = '', unitKey = '' } = useParams();
  const set =
    collateralKey && frequencyKey
      ? frequencySet(collateralKey, frequencyKey)
      : unitSet(projectKey, unitKey);
  return <ReadOnlyFiles set={set} />;
}

function ReadOnlyFiles({ set }: { set: ReadOnlySet }) {
  const { _ } = useLingui();
  const heading = useQuery(set.heading);
  const files = useQuery(set.files);

  // Files already shown stay shown when a renewal fails; the alert below says so.
  const error = heading.error ?? (files.data ? null : files.error);
  if (error) {
    const retry = () => {
      void heading.refetch();
      void files.refetch();
    };
    return <FilesError error={error} kind={set.kind} onRetry={retry} />;
  }
  if (!heading.data || !files.data) {
    return (
      <>
        <PageTitle title={_('filesStatus.loadingTitle')} />
        <QueryLoader query={heading.data ? files : heading} label={_('filesStatus.loading')} />
      </>
    );
  }

  const { subtitle } = heading.data;
  return (
    <Stack gap="lg">
      <PageTitle title={heading.data.title} />
      <Stack gap={4}>
        <Title order={1}>{heading.data.title}</Title>
        <Text size="lg">
          {'unitName' in subtitle
            ? _('filesStatus.unitSubtitle', { name: subtitle.unitName })
            : periodLabel(subtitle.period)}
        </Text>
      </Stack>
      {files.isError && (
        <Alert color="red" title={_('filesStatus.renewFailed')}>
          {_('filesStatus.renewFailedHint', { message: files.error.message })}
        </Alert>
      )}
      <Box aria-busy={files.isFetching}>
        <FilesStatusTable rows={set.rows} files={files.data} />
      </Box>
    </Stack>
  );
}

/**
 * docs/product.md#api: another borrower's unit or frequency answers 404 like a missing one,
 * so both read the same and nothing about it shows.
 */
function FilesError({
  error,
  kind,
  onRetry,
}: {
  error: Error;
  kind: ReadOnlySet['kind'];
  onRetry: () => void;
}) {
  const { _ } = useLingui();
  const user = useCurrentUser();
  const home = (
    <Button component={Link} to={homePathFor(user)} variant="default">
      {_('filesStatus.goHome')}
    </Button>
  );
  if (error instanceof ApiError && error.status === 404) {
    return (
      <>
        <PageTitle title={_('filesStatus.notFound')} />
        <EmptyState
          headingOrder={1}
          icon={<IconFileOff aria-hidden />}
          title={_('filesStatus.notFound')}
          description={
            kind === 'unit' ? _('filesStatus.notFoundUnit') : _('filesStatus.notFoundFrequency')
          }
          action={home}
        />
      </>
    );
  }
  return (
    <>
      <PageTitle title={_('filesStatus.loadingTitle')} />
      <EmptyState
        headingOrder={1}
        icon={<IconAlertTriangle aria-hidden />}
        title={_('filesStatus.loadFailed')}
        description={error.message}
        action={
          <>
            <Button onClick={onRetry}>{_('filesStatus.tryAgain')}</Button>
            {home}
          </>
        }
      />
    </>
  );
}

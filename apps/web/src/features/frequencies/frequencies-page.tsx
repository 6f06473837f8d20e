import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { FrequencyListQuerySchema, isStaffRole, type FrequencyListQuery } from '@portal/domain';
import { ApiError } from '../../api/client';
import { homePathFor } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { QueryLoader } from '../../components/query-loader';
import { PageTitle } from '../../components/page-title';
import { Select } from '../../components/select';
import { addMessages, useLingui } from '../../i18n';
import { accountQuery, collateralsQuery } from './frequency-api';
import { CollateralCalendar } from '../monitoring-calendar/collateral-calendar';
import { FrequencyList } from './frequency-list';
import { messages } from '../../i18n/messages/frequencies';
import { urlParam } from './url-param';

// The month picker (with its date library and styles) loads once a client has opened a
// collateral, not with the page.
const AddFrequencyForm = lazy(() =>
  import('./add-frequency-form').then((module) => ({ default: module.AddFrequencyForm })),
);

addMessages(messages);
const COLLATERAL_PARAM = 'collateral';
const LIST_PARAMS = ['page', 'perPage', 'sortColumn', 'sortOrder'] as const;

/** docs/product.md#limits defaults: page 1, sort column key, order topDown. */
function listQueryFrom(searchParams: URLSearchParams): FrequencyListQuery {
  const { shape } = FrequencyListQuerySchema;
  return {
    page: urlParam(shape.page, searchParams.get('page')),
    perPage: urlParam(shape.perPage, searchParams.get('perPage')),
    sortColumn: urlParam(shape.sortColumn, searchParams.get('sortColumn')),
    sortOrder: urlParam(shape.sortOrder, searchParams.get('sortOrder')),
    // The screen pages by number (docs/product.md#limits); the API's cursor is not used here.
    next: undefined,
  };
}

/**
 * docs/product.md#screens "Collateral frequency screen": the account's name and a collateral
 * select; once a collateral is chosen (kept in the URL), the Add form and the
 * frequency list with the document panel of a frequency.
 */
export function FrequenciesPage() {
  const { _ } = useLingui();
  const { accountId = '' } = useParams();
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // docs/product.md#screens: the account's collaterals are read on entering the screen.
  const account = useQuery(accountQuery(accountId));
  const collaterals = useQuery(collateralsQuery(accountId));

  function chooseCollateral(key: string) {
    // A new collateral starts at the first page with the default sort.
    setSearchParams({ [COLLATERAL_PARAM]: key });
  }

  function changeList(change: Partial<FrequencyListQuery>) {
    // A new sort or page size starts again at page 1.
    const next = { ...listQueryFrom(searchParams), page: 1, ...change };
    const params = new URLSearchParams(searchParams);
    for (const name of LIST_PARAMS) params.set(name, String(next[name]));
    setSearchParams(params);
  }

  let content;
  if (account.isError || collaterals.isError) {
    content = (
      <LoadError
        error={(account.error ?? collaterals.error)!}
        homePath={homePathFor(user)}
        onRetry={() => {
          void account.refetch();
          void collaterals.refetch();
        }}
      />
    );
  } else if (account.isPending || collaterals.isPending) {
    content = (
      <QueryLoader
        query={account.isPending ? account : collaterals}
        label={_('frequencies.loading')}
      />
    );
  } else {
    const collateralKey = searchParams.get(COLLATERAL_PARAM);
    const collateral = collaterals.data.find((c) => c.key === collateralKey);
    const isClient = !isStaffRole(user.role);

    content = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{account.data.name}</Title>
          <Text size="lg">{_('frequencies.title')}</Text>
        </Stack>
        {collaterals.data.length === 0 ? (
          <EmptyState
            title={_('frequencies.noCollaterals')}
            description={_('frequencies.noCollateralsHint')}
          />
        ) : (
          <>
            <Select
              label={_('frequencies.selectCollateral')}
              placeholder={_('frequencies.chooseCollateral')}
              data={collaterals.data.map((c) => ({ value: c.key, label: c.collateralName }))}
              value={collateral?.key ?? null}
              allowDeselect={false}
              searchable={collaterals.data.length > 10}
              nothingFoundMessage={_('frequencies.noCollateralMatch')}
              maw={480}
              onChange={(value) => value && chooseCollateral(value)}
            />
            {collateralKey && !collateral && (
              <Alert color="yellow" title={_('frequencies.collateralNotFound')}>
                {_('frequencies.collateralNotFoundHint')}
              </Alert>
            )}
            {collateral && (
              <Stack gap="lg">
                <Title order={2}>{collateral.collateralName}</Title>
                {/* docs/product.md#roles: clients add frequencies. */}
                {isClient && (
                  <Suspense fallback={<AddFormPlaceholder />}>
                    <AddFrequencyForm collateralKey={collateral.key} />
                  </Suspense>
                )}
                <CollateralCalendar
                  accountId={collateral.accountId}
                  collateralKey={collateral.key}
                  canAdd={isClient}
                />
                <FrequencyList
                  // Selection and confirmation belong to one collateral's list.
                  key={collateral.key}
                  collateral={collateral}
                  query={listQueryFrom(searchParams)}
                  onQueryChange={changeList}
                  isClient={isClient}
                />
              </Stack>
            )}
          </>
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle title={_('frequencies.title')} />
      {content}
    </>
  );
}

/** docs/product.md#api: another borrower's account is a 404 like a missing one; both read "not found". */
function LoadError({
  error,
  homePath,
  onRetry,
}: {
  error: Error;
  homePath: string;
  onRetry: () => void;
}) {
  const { _ } = useLingui();
  const home = (
    <Button component={Link} to={homePath} variant="default">
      {_('frequencies.goHome')}
    </Button>
  );
  if (error instanceof ApiError && error.status === 404) {
    return (
      <EmptyState
        headingOrder={1}
        icon={<IconFileOff aria-hidden />}
        title={_('frequencies.accountNotFound')}
        description={_('frequencies.accountNotFoundHint')}
        action={home}
      />
    );
  }
  return (
    <EmptyState
      headingOrder={1}
      icon={<IconAlertTriangle aria-hidden />}
      title={_('frequencies.accountLoadFailed')}
      description={error.message}
      action={
        <>
          <Button onClick={onRetry}>{_('frequencies.tryAgain')}</Button>
          {home}
        </>
      }
    />
  );
}

/** The add form's frame while its code loads, so the list below does not jump. */
function AddFormPlaceholder() {
  const { _ } = useLingui();
  return (
    <Paper withBorder p="md" role="status" aria-label={_('frequencies.loadingForm')}>
      <Skeleton height={60} />
    </Paper>
  );
}

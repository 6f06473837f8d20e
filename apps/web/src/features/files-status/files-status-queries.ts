import { queryOptions } from '@tanstack/react-query';
import {
  CollateralResponseSchema,
  FileListResponseSchema,
  FileTypeSchema,
  FrequencyResponseSchema,
  ProjectResponseSchema,
  readOnlyFileTypeLabel,
  unitFileTypeLabel,
  UnitFileTypeSchema,
  UnitResponseSchema,
  type FrequencyCode,
  type Language,
} from '@portal/domain';
import {
  apiPath,
  COLLATERAL_PATH,
  FREQUENCY_FILES_PATH,
  FREQUENCY_PATH,
  PROJECT_PATH,
  UNIT_FILES_PATH,
  UNIT_PATH,
} from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';

/** One row of the read-only table: a file type and its display name (docs/product.md#records) in a language. */
export interface FileTypeRow {
  fileType: string;
  label: (language: Language) => string;
}

/**
 * What the screen is about: docs/product.md#screens titles it with the project or collateral name, under it the
 * unit's name or the frequency's period, both worded on screen in the chosen language.
 */
export interface FilesHeading {
  title: string;
  subtitle:
    { unitName: string } | { period: { frequency: FrequencyCode; month: number; year: number } };
}

/** A unit or a frequency, seen read-only: where its heading and files come from. */
export interface ReadOnlySet {
  kind: 'unit' | 'frequency';
  heading: ReturnType<typeof headingQuery>;
  files: ReturnType<typeof filesQuery>;
  rows: readonly FileTypeRow[];
}

/** docs/product.md#records: every unit file type, in its list order. */
const UNIT_ROWS: FileTypeRow[] = UnitFileTypeSchema.options.map((fileType) => ({
  fileType,
  label: (language) => unitFileTypeLabel(fileType, language),
}));

/** docs/product.md#records: the nine collateral types, then the extra types shown only on this list. */
const FREQUENCY_ROWS: FileTypeRow[] = FileTypeSchema.options.map((fileType) => ({
  fileType,
  label: (language) => readOnlyFileTypeLabel(fileType, language),
}));

/**
 * Download links expire 15 minutes after they are made (docs/product.md#api presigned URLs),
 * so a page left open renews them well before that.
 */
export const LINK_RENEWAL_MS = 10 * 60_000;

function headingQuery(
  key: readonly string[],
  load: (signal: AbortSignal) => Promise<FilesHeading>,
) {
  return queryOptions({
    queryKey: ['files-status', ...key, 'heading'],
    queryFn: ({ signal }) => load(signal),
  });
}

/**
 * A set holds at most one live file per type, so one page of 50 has them all.
 * Each showing, focus and renewal fetches fresh links, so Download never opens an expired one.
 */
function filesQuery(filesPath: string) {
  return queryOptions({
    queryKey: ['files-status', filesPath, 'files'],
    queryFn: ({ signal }) =>
      apiGet(`${filesPath}?perPage=50`, FileListResponseSchema, { signal }).then(
        (answer) => answer.files,
      ),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: LINK_RENEWAL_MS,
  });
}

/** docs/product.md#screens projects/{projectKey}/units/{unitKey}: the unit names its loan, the loan its project. */
export function unitSet(projectKey: string, unitKey: string): ReadOnlySet {
  return {
    kind: 'unit',
    heading: headingQuery(['unit', projectKey, unitKey], async (signal) => {
      const { unit } = await apiGet(
        apiPath(UNIT_PATH, { projectKey, unitKey }),
        UnitResponseSchema,
        { signal },
      );
      const { project } = await apiGet(
        apiPath(PROJECT_PATH, { opportunityKey: unit.meta.opportunityKey, projectKey }),
        ProjectResponseSchema,
        { signal },
      );
      return { title: project.name, subtitle: { unitName: unit.name } };
    }),
    files: filesQuery(apiPath(UNIT_FILES_PATH, { parentKey: unitKey })),
    rows: UNIT_ROWS,
  };
}

/** docs/product.md#screens collaterals/{collateralKey}/frequencies/{frequencyKey}: the frequency names its account. */
export function frequencySet(collateralKey: string, frequencyKey: string): ReadOnlySet {
  return {
    kind: 'frequency',
    heading: headingQuery(['frequency', collateralKey, frequencyKey], async (signal) => {
      const { frequency } = await apiGet(
        apiPath(FREQUENCY_PATH, { collateralKey, frequencyKey }),
        FrequencyResponseSchema,
        { signal },
      );
      const { collateral } = await apiGet(
        apiPath(COLLATERAL_PATH, { accountId: frequency.meta.account, collateralKey }),
        CollateralResponseSchema,
        { signal },
      );
      return {
        title: collateral.collateralName,
        subtitle: { period: frequency },
      };
    }),
    files: filesQuery(apiPath(FREQUENCY_FILES_PATH, { parentKey: frequencyKey })),
    rows: FREQUENCY_ROWS,
  };
}

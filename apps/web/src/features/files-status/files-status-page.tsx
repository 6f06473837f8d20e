import { PlaceholderPage } from '../../components/placeholder-page';

/**
 * SPEC §2 "Read-only files status screen" of a frequency or a project unit;
 * it will be titled with the collateral or project name.
 */
export function FilesStatusPage() {
  return <PlaceholderPage title="Uploaded Files" />;
}

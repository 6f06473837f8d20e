import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "files": the files module's list. */
export function FilesPage() {
  return <PlaceholderPage title="Files" />;
}

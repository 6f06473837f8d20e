/** The browser tab names the screen, so history and screen readers can tell pages apart. */
export function PageTitle({ title }: { title: string }) {
  // React 19 hoists <title> into <head>.
  return <title>{`${title} | Borrower Portal`}</title>;
}

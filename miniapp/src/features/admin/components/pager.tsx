import { Button, Caption } from '@telegram-apps/telegram-ui';

/** Previous / "Page x of y" / next under a paged list; each turn is the caller's (a history entry). */
export function Pager({
  page,
  pages,
  onPage,
  labels,
  testId,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; page: string };
  testId: string;
}) {
  return (
    <div className="zv-admin-pager" data-testid={testId}>
      <Button
        size="s"
        mode="bezeled"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid={`${testId}-previous`}
      >
        {labels.previous}
      </Button>
      <Caption level="1" data-testid={`${testId}-page`}>
        {labels.page}
      </Caption>
      <Button
        size="s"
        mode="bezeled"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid={`${testId}-next`}
      >
        {labels.next}
      </Button>
    </div>
  );
}

import { lazy, Suspense, type ComponentType } from 'react';
import type { Button as UiButton } from '@telegram-apps/telegram-ui';
import type { Notice } from '@ziver/shared';
import { useTranslation } from 'react-i18next';
import type { Notice as UiNotice } from '@/components/notice';
import { useDismissNotice, useNotices } from '../api/notices';

const NoticeHtml = lazy(() => import('./notice-html'));

function NoticeText({ notice }: { notice: Notice }) {
  if (notice.format !== 'html') return <span className="zv-tg-text">{notice.text}</span>;
  return (
    <span className="zv-tg-text">
      <Suspense fallback={null}>
        <NoticeHtml text={notice.text} />
      </Suspense>
    </span>
  );
}

/**
 * The operators' announcements as in-app notices (issue 29, item 8): shown on the next open, in
 * the user's language, until they dismiss them (kept by the server, so on every device too).
 * Loaded and asked for once the first screen is painted and the feature texts are in
 * (app/layout/in-app-notices-slot.tsx), so they cost the first screen nothing; the HTML renderer
 * loads only for an HTML notice. The box and the button come from the shell, which has them on the
 * first screen anyway: imported here, rolldown split the telegram-ui modules they share with it
 * into a file of their own on the first screen.
 */
export function InAppNotices({
  userId,
  ui: { Button, NoticeBox },
}: {
  userId: string;
  ui: { Button: typeof UiButton; NoticeBox: ComponentType<Parameters<typeof UiNotice>[0]> };
}) {
  const { t, i18n } = useTranslation();
  const notices = useNotices(userId, i18n.language);
  const dismiss = useDismissNotice();
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <div className="zv-in-app-notices" data-testid="in-app-notices">
      {notices.data.map((notice) => {
        const isFailed = dismiss.isError && dismiss.variables === notice.id;
        return (
          <section key={notice.id} data-testid="in-app-notice" data-notice-id={notice.id}>
            <NoticeBox
              tone={isFailed ? 'error' : 'info'}
              title={isFailed ? t('notices.dismissFailed') : t('notices.title')}
              action={
                <Button
                  size="s"
                  mode="bezeled"
                  loading={dismiss.isPending && dismiss.variables === notice.id}
                  onClick={() => dismiss.mutate(notice.id)}
                  data-testid="in-app-notice-dismiss"
                >
                  {t('notices.dismiss')}
                </Button>
              }
            >
              <NoticeText notice={notice} />
            </NoticeBox>
          </section>
        );
      })}
    </div>
  );
}

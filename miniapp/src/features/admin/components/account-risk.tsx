import { Caption, Section } from '@telegram-apps/telegram-ui';
import type { AccountRisk as Risk } from '@ziver/shared';
import { formatDateTime } from '@/lib/format';
import { useAdminTranslation } from '../i18n';
import { useReasonText } from './integrity-texts';

/** An account's risk on its admin page: score against the threshold, flagged or not, each reason translated. */
export function AccountRisk({ risk }: { risk: Risk }) {
  const { t, i18n } = useAdminTranslation();
  const reasonText = useReasonText();
  return (
    <Section header={t('integrity.risk.title')}>
      <div className="zv-admin-risk" data-testid="admin-user-risk" data-flagged={String(risk.flagged)}>
        <Caption level="1" weight="2" data-testid="admin-user-risk-score">
          {t('integrity.risk.score', { score: risk.score, threshold: risk.threshold })} ·{' '}
          {risk.flagged ? `⚠ ${t('integrity.risk.flagged')}` : t('integrity.risk.notFlagged')}
          {risk.reviewed_at &&
            ` · ${t('integrity.risk.reviewed', { date: formatDateTime(risk.reviewed_at, i18n.language) })}`}
        </Caption>
        <ul className="zv-admin-rows" data-testid="admin-user-risk-reasons">
          {risk.reasons.length === 0 && <li className="zv-muted">{t('integrity.risk.none')}</li>}
          {risk.reasons.map((reason) => (
            <li key={reason.code} data-reason={reason.code}>
              <span>{reasonText(reason.code)}</span>
              <span>+{reason.weight}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

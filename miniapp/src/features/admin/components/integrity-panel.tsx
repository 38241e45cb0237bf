import { Caption, Text } from '@telegram-apps/telegram-ui';
import type { IntegrityRing } from '@ziver/shared';
import { INTEGRITY_RINGS_PAGE_SIZE } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useRings } from '../api/integrity';
import { useSearchState } from '../hooks/use-search-state';
import { useWideLayout } from '../hooks/use-wide-layout';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';
import { DataTable, type TableColumn } from './data-table';
import { ringShortId } from './integrity-texts';
import { Pager } from './pager';

const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * Integrity: the rings (accounts grouped by strong shared signals), highest score first, a page
 * at a time (?page=): score, members, shared signals, what they earned, reviewed. A table at
 * desktop width, cards on a phone; a ring opens its page.
 */
export function IntegrityPanel({ onOpen }: { onOpen: (ringId: string) => void }) {
  const errorText = useErrorText();
  const { t } = useAdminTranslation();
  const [params, setParams] = useSearchState();
  const page = pageOf(params);
  const list = useRings(page);
  const isWide = useWideLayout();
  if (list.isPending) return <InlineLoader />;
  if (list.isError)
    return (
      <Notice tone="error" testId="admin-rings-error">
        {t('integrity.loadFailed')} {errorText(list.error)}
      </Notice>
    );
  const { rings, total, threshold } = list.data;
  const pages = Math.max(1, Math.ceil(total / INTEGRITY_RINGS_PAGE_SIZE));
  return (
    <div className="zv-admin-list" data-testid="admin-integrity">
      <Caption level="1" className="zv-muted">
        {t('integrity.hint', { threshold })}
      </Caption>
      {rings.length === 0 ? (
        <Notice tone="info" testId="admin-rings-none">
          {t('integrity.none')}
        </Notice>
      ) : (
        <>
          <Caption level="1" className="zv-muted" data-testid="admin-rings-total">
            {t('integrity.total', { count: total })}
          </Caption>
          {isWide ? (
            <RingsTable rings={rings} onOpen={onOpen} />
          ) : (
            <ul className="zv-admin-list">
              {rings.map((ring) => (
                <RingCard key={ring.id} ring={ring} onOpen={onOpen} />
              ))}
            </ul>
          )}
          <Pager
            page={page}
            pages={pages}
            onPage={(next) => setParams({ page: next === 1 ? null : next }, { push: true })}
            labels={{
              previous: t('users.list.previous'),
              next: t('users.list.next'),
              page: t('audit.page', { page, pages }),
            }}
            testId="admin-rings-pager"
          />
        </>
      )}
    </div>
  );
}

function useRingCells() {
  const { t, i18n } = useAdminTranslation();
  return {
    status: (ring: IntegrityRing) => (ring.flagged ? `⚠ ${t('integrity.flagged')}` : t('integrity.notFlagged')),
    signals: (ring: IntegrityRing) => ring.signals.map((s) => t(`integrity.signal.${s.kind}`)).join(' · '),
    zp: (value: number) => formatAmount(value, i18n.language),
    reviewed: (ring: IntegrityRing) =>
      ring.reviewed_at
        ? t('integrity.reviewedOn', { date: formatDateTime(ring.reviewed_at, i18n.language) })
        : t('integrity.notReviewed'),
  };
}

function RingsTable({ rings, onOpen }: { rings: IntegrityRing[]; onOpen: (ringId: string) => void }) {
  const { t } = useAdminTranslation();
  const cells = useRingCells();
  const columns: TableColumn<IntegrityRing>[] = [
    {
      id: 'ring',
      label: t('integrity.columns.ring'),
      cell: (ring) => (
        <>
          <button
            type="button"
            className="zv-admin-table__link"
            onClick={() => onOpen(ring.id)}
            data-testid="admin-ring-link"
            data-ring-id={ring.id}
          >
            {t('integrity.ring', { id: ringShortId(ring.id) })}
          </button>
          <Caption level="1" className="zv-admin-ring-status">
            {cells.status(ring)}
          </Caption>
        </>
      ),
    },
    { id: 'score', label: t('integrity.columns.score'), numeric: true, value: (r) => r.score, cell: (r) => r.score },
    {
      id: 'members',
      label: t('integrity.columns.members'),
      numeric: true,
      value: (r) => r.member_count,
      cell: (r) => r.member_count,
    },
    { id: 'signals', label: t('integrity.columns.signals'), wraps: true, cell: cells.signals },
    {
      id: 'total_zp',
      label: t('integrity.columns.totalZp'),
      numeric: true,
      value: (r) => r.total_zp,
      cell: (r) => cells.zp(r.total_zp),
    },
    {
      id: 'referral_rewards',
      label: t('integrity.columns.referralRewards'),
      numeric: true,
      value: (r) => r.referral_rewards,
      cell: (r) => cells.zp(r.referral_rewards),
    },
    { id: 'reviewed', label: t('integrity.columns.reviewed'), cell: cells.reviewed },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rings}
      rowKey={(ring) => ring.id}
      label={t('tabs.integrity')}
      testId="admin-rings-table"
      rowTestId="admin-ring-row"
      rowData={(ring) => ({ 'data-ring-id': ring.id })}
    />
  );
}

/** A ring at phone width: its label, score and status, signals, earnings and review; a tap opens it. */
function RingCard({ ring, onOpen }: { ring: IntegrityRing; onOpen: (ringId: string) => void }) {
  const { t } = useAdminTranslation();
  const cells = useRingCells();
  return (
    <li>
      <button
        type="button"
        className="zv-admin-card zv-admin-user-row"
        onClick={() => onOpen(ring.id)}
        data-testid="admin-ring-link"
        data-ring-id={ring.id}
      >
        <Text weight="2">
          {t('integrity.ring', { id: ringShortId(ring.id) })} · {cells.status(ring)}
        </Text>
        <Caption level="1">
          {t('integrity.summary', {
            score: ring.score,
            members: ring.member_count,
            zp: cells.zp(ring.total_zp),
            rewards: cells.zp(ring.referral_rewards),
          })}
        </Caption>
        <Caption level="1" className="zv-muted">
          {cells.signals(ring)}
        </Caption>
        <Caption level="1" className="zv-muted">
          {cells.reviewed(ring)}
        </Caption>
      </button>
    </li>
  );
}

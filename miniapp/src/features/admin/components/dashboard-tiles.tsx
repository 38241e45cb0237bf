import { Caption, Text } from '@telegram-apps/telegram-ui';
import type { AdminTranslation } from '../locales/en';
import { useAdminTranslation } from '../i18n';

export type TileId = keyof AdminTranslation['dashboard']['tiles'];

/** A headline figure with its name above and its one-line definition below (what it counts). */
function Tile({ id, value }: { id: TileId; value: string }) {
  const { t } = useAdminTranslation();
  const testId = TEST_IDS[id];
  return (
    <div className="zv-dash-tile" data-testid={`dash-tile-${testId}`}>
      <Caption level="1" className="zv-muted">
        {t(`dashboard.tiles.${id}`)}
      </Caption>
      <Text weight="1" className="zv-dash-tile__value" data-testid={`dash-value-${testId}`}>
        {value}
      </Text>
      <Caption level="2" className="zv-muted zv-dash-definition" data-testid={`dash-definition-${testId}`}>
        {t(`dashboard.definitions.${id}`)}
      </Caption>
    </div>
  );
}

/** The test ids the tiles have always had (the figure's field in the response). */
const TEST_IDS: Record<TileId, string> = {
  usersTotal: 'users_total',
  usersNew: 'users_new',
  activeToday: 'users_active',
  miningClaims: 'mining_claims',
  zpIssued: 'zp_issued',
  sebIssued: 'seb_issued',
  referrals: 'referrals',
  notificationsSent: 'notifications_sent',
  walletsLinked: 'wallets_linked',
  accountsFlagged: 'accounts_flagged',
  ringsFlagged: 'rings_flagged',
  rewardsReversed: 'rewards_reversed_zp',
  rewardsHeld: 'rewards_held',
  rewardsHeldZp: 'rewards_held_zp',
};

export function DashboardTiles({ tiles }: { tiles: [TileId, string][] }) {
  return (
    <div className="zv-dash-tiles">
      {tiles.map(([id, value]) => (
        <Tile key={id} id={id} value={value} />
      ))}
    </div>
  );
}

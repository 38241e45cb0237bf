import { useState, type FormEvent } from 'react';
import { Button, Caption, Input, Text } from '@telegram-apps/telegram-ui';
import { formatAmount } from '@/lib/format';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useUserSearch } from '../api/users';
import { useTranslation } from 'react-i18next';
import { useAdminTranslation } from '../i18n';
import { useSearchState } from '../hooks/use-search-state';
import { useWideLayout } from '../hooks/use-wide-layout';
import { UsersTable } from './users-table';
import { useErrorText } from '../utils/use-error-text';

/** Users: search (kept in the address as ?q=), results as cards or (desktop) a table, then `onOpen` a user's page. */
export function UsersPanel({ onOpen }: { onOpen: (userId: string) => void }) {
  const errorText = useErrorText();
  const { t, i18n } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const [params, setParams] = useSearchState();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const results = useUserSearch(query);
  const isWide = useWideLayout();
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: text.trim() });
  };
  return (
    <div className="zv-admin-list" data-testid="admin-users">
      <form className="zv-admin-card zv-admin-search" onSubmit={onSearch} noValidate>
        <Input
          header={t('users.searchLabel')}
          aria-label={t('users.searchLabel')}
          placeholder={t('users.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="admin-user-search"
        />
        <Button type="submit" size="m" stretched disabled={text.trim() === ''} data-testid="admin-user-search-submit">
          {t('users.search')}
        </Button>
      </form>
      {query !== '' &&
        (results.isPending ? (
          <InlineLoader />
        ) : results.isError ? (
          <Notice tone="error">{t('inbox.failed', { message: errorText(results.error) })}</Notice>
        ) : results.data.length === 0 ? (
          <Notice tone="info" testId="admin-user-none">
            {t('users.noResults')}
          </Notice>
        ) : isWide ? (
          <UsersTable users={results.data} onOpen={onOpen} />
        ) : (
          <ul className="zv-admin-list">
            {results.data.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  className="zv-admin-card zv-admin-user-row"
                  onClick={() => onOpen(user.id)}
                  data-testid="admin-user-result"
                >
                  <Text weight="2">
                    {user.username} · {tApp(`settings.account.info.roles.${user.role}`)}
                    {user.suspended_at ? ' ⛔' : ''}
                  </Text>
                  <Caption level="1" className="zv-muted">
                    {[user.email, user.telegram_username && `@${user.telegram_username}`].filter(Boolean).join(' · ')}
                  </Caption>
                  <Caption level="1">
                    {formatAmount(user.zp_balance, i18n.language)} ZP · {formatAmount(user.seb_balance, i18n.language)}{' '}
                    SEB
                  </Caption>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

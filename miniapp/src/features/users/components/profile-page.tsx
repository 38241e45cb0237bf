import type { ServerText } from '@/i18n/server-message';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Caption, SegmentedControl, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { SubPageHeader } from '@/components/sub-page-header';
import { paths } from '@/config/paths';
import { flashMessages } from '@/lib/flash-message';
import { sessionStore, useSession } from '@/lib/session';
import { useDetectedTelegramUsername } from '@/lib/telegram-profile';
import { useProfileUser } from '../api/get-profile-user';
import { useUpdateProfile } from '../api/update-profile';
import { useTranslateProfileMessage } from '../hooks/use-translate-profile-message';
import { formatMemberSince } from '../utils/profile-format';
import {
  formValuesOf,
  profileChanges,
  profileErrorMessage,
  validateProfileForm,
  type ProfileField,
  type ProfileFormErrors,
  type ProfileFormValues,
} from '../utils/profile-form';
import { AvatarUpload } from './avatar-upload';
import { ProfileDetails } from './profile-details';
import { ProfileOverview } from './profile-overview';
import { SocialAccounts } from './social-accounts';
import '../profile.css';
import { listText, useServerText } from '@/i18n/server-text';
import { PROFILE_MESSAGES } from '@ziver/shared/core';

type Tab = 'overview' | 'details' | 'social';
const TABS: readonly Tab[] = ['overview', 'details', 'social'];

/**
 * /profile (docs/spec.md §2): tabs Overview, Profile Details and Social Accounts; Edit Profile turns the
 * details and social accounts into a form saved with PUT /user/profile. `overviewExtra`: what
 * other features add under the overview (the linked wallet), composed by the route.
 */
export function ProfilePage({ overviewExtra }: { overviewExtra?: ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  const translate = useTranslateProfileMessage();
  const session = useSession();
  const detected = useDetectedTelegramUsername();
  const [tab, setTab] = useState<Tab>('overview');
  // null: read mode; the form's values while editing.
  const [values, setValues] = useState<ProfileFormValues | null>(null);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  // A failed save stays on the page until the next try; a saved one is a passing flash message.
  const [failure, setFailure] = useState<ServerText | string | null>(null);

  // The page refreshes the stored user when it opens: the header and every screen read it.
  const fresh = useProfileUser();
  useEffect(() => {
    if (fresh.data) sessionStore.updateUser(fresh.data);
  }, [fresh.data]);

  const save = useUpdateProfile({
    onSuccess: (response) => {
      setValues(null);
      setErrors({});
      flashMessages.show(
        translate(response.message ? response : serverText(listText('profile', PROFILE_MESSAGES, 'updated'))),
      );
    },
    onError: (error) => setFailure(profileErrorMessage(error)),
  });

  const user: PublicUser | undefined = session?.user;
  if (!user) return null;
  const isEditing = values !== null;
  const form = values ?? formValuesOf(user);

  const startEditing = () => {
    setValues(formValuesOf(user));
    setErrors({});
    setFailure(null);
    if (tab === 'overview') setTab('details');
  };
  const cancel = () => {
    setValues(null);
    setErrors({});
    setFailure(null);
    save.reset();
  };
  const change = (field: ProfileField, value: string) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values || save.isPending) return;
    const found = validateProfileForm(values);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0] as ProfileField | undefined;
    if (firstInvalid) {
      setTab(firstInvalid === 'bio' ? 'details' : 'social');
      return;
    }
    const changes = profileChanges(values, user);
    if (!changes) {
      setValues(null);
      return;
    }
    setFailure(null);
    save.mutate(changes);
  };

  const memberSince = formatMemberSince(user.created_at, i18n.language);

  return (
    <Page testId="profile-page" className="zv-profile-page">
      <SubPageHeader title={t('profile.title')} backTo={paths.home} backLabel={t('profile.back')} />
      <AvatarUpload user={user} />
      <div className="zv-profile-hero">
        <div className="zv-profile-hero__names">
          <Text weight="1" className="zv-ellipsis" data-testid="profile-page-username">
            {user.username}
          </Text>
          {memberSince && (
            <Caption level="1" className="zv-muted">
              {t('profile.memberSince', { date: memberSince })}
            </Caption>
          )}
        </div>
      </div>

      {failure && (
        <Notice
          tone="error"
          title={serverText(listText('profile', PROFILE_MESSAGES, 'updateFailed'))}
          testId="profile-message"
        >
          {translate(failure)}
        </Notice>
      )}

      <form onSubmit={onSubmit} noValidate className="zv-form zv-profile-form" data-testid="profile-form">
        <div className="zv-profile-actions">
          {isEditing ? (
            <>
              <Button type="button" size="m" mode="outline" onClick={cancel} data-testid="profile-cancel">
                {t('profile.actions.cancel')}
              </Button>
              <Button
                type="submit"
                size="m"
                loading={save.isPending}
                disabled={save.isPending}
                data-testid="profile-save"
              >
                {t('profile.actions.save')}
              </Button>
            </>
          ) : (
            <Button type="button" size="m" mode="bezeled" onClick={startEditing} data-testid="profile-edit">
              {t('profile.actions.edit')}
            </Button>
          )}
        </div>

        <SegmentedControl className="zv-profile-tabs" role="tablist" aria-label={t('profile.tabs.label')}>
          {TABS.map((id) => (
            <SegmentedControl.Item
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              selected={tab === id}
              onClick={() => setTab(id)}
              data-testid={`profile-tab-${id}`}
            >
              {t(`profile.tabs.${id}`)}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl>

        <div role="tabpanel" className="zv-profile-panel">
          {tab === 'overview' && (
            <>
              <ProfileOverview user={user} />
              {overviewExtra}
            </>
          )}
          {tab === 'details' && (
            <ProfileDetails
              bio={user.bio}
              isEditing={isEditing}
              value={form.bio}
              error={errors.bio ? translate(errors.bio) : undefined}
              onChange={(value) => change('bio', value)}
            />
          )}
          {tab === 'social' && (
            <SocialAccounts
              user={user}
              isEditing={isEditing}
              values={form}
              errors={Object.fromEntries(
                Object.entries(errors).map(([field, text]) => [field, text ? translate(text) : text]),
              )}
              detected={detected}
              onChange={change}
            />
          )}
        </div>
      </form>
    </Page>
  );
}

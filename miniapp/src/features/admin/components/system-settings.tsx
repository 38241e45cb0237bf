import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Caption, Cell, Input, Section, Switch, Text } from '@telegram-apps/telegram-ui';
import { LAUNCH_TEXT_MAX, LOCKDOWN_MESSAGE_MAX, type AdminSystemResponse } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import {
  useAdminSystem,
  useSetDailyLoginReward,
  useSetLaunchText,
  useSetLockdown,
  useSetMiningSettings,
} from '../api/system';
import { useAdminTranslation } from '../i18n';
import { emptyTranslationDrafts, OperatorTextWithTranslations, translationsOf } from './operator-texts-fields';
import { useErrorText } from '../utils/use-error-text';
import './dashboard.css';

/** Saved / failed line under a form. */
function Outcome({
  mutation,
  testId,
}: {
  mutation: { isSuccess: boolean; isError: boolean; error: unknown };
  testId: string;
}) {
  const { t } = useAdminTranslation();
  const errorText = useErrorText();
  if (mutation.isError)
    return (
      <Notice tone="error" testId={`${testId}-error`}>
        {t('inbox.failed', { message: errorText(mutation.error) })}
      </Notice>
    );
  if (mutation.isSuccess)
    return (
      <Caption level="1" className="zv-admin-card__ok" data-testid={`${testId}-saved`}>
        {t('system.saved')}
      </Caption>
    );
  return null;
}

function SettingsForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="zv-admin-card zv-admin-card__form--plain" onSubmit={submit} noValidate>
      {children}
    </form>
  );
}

function LockdownForm({ current }: { current: AdminSystemResponse['lockdown'] }) {
  const { t } = useAdminTranslation();
  const [isEnabled, setIsEnabled] = useState(current.enabled);
  const [message, setMessage] = useState(current.message ?? '');
  const [translations, setTranslations] = useState(() => emptyTranslationDrafts(current.translations));
  const save = useSetLockdown();
  const submit = () =>
    save.mutate({ enabled: isEnabled, message: message.trim() || null, translations: translationsOf(translations) });
  return (
    <SettingsForm onSubmit={submit}>
      <Section
        header={t('system.lockdownTitle')}
        footer={`${t('system.lockdownHint')} ${t('system.messageLanguagesHint')}`}
      >
        <Cell
          Component="label"
          multiline
          after={
            <Switch
              checked={isEnabled}
              onChange={(event) => setIsEnabled(event.target.checked)}
              data-testid="admin-lockdown-switch"
            />
          }
        >
          {t('system.lockdownOn')}
        </Cell>
        <OperatorTextWithTranslations
          label={t('system.messageLabel')}
          placeholder={t('system.messagePlaceholder')}
          english={message}
          onEnglishChange={setMessage}
          drafts={translations}
          onDraftsChange={setTranslations}
          maxLength={LOCKDOWN_MESSAGE_MAX}
          testId="admin-lockdown-message"
        />
      </Section>
      <Button type="submit" size="m" stretched loading={save.isPending} data-testid="admin-lockdown-save">
        {t('system.saveLockdown')}
      </Button>
      <Outcome mutation={save} testId="admin-lockdown" />
    </SettingsForm>
  );
}

/** The coming-soon pages' launch line, in English with optional translations; empty = the default. */
function LaunchTextForm({ current }: { current: AdminSystemResponse['launchText'] }) {
  const { t } = useAdminTranslation();
  const [message, setMessage] = useState(current.message ?? '');
  const [translations, setTranslations] = useState(() => emptyTranslationDrafts(current.translations));
  const save = useSetLaunchText();
  const submit = () => save.mutate({ message: message.trim() || null, translations: translationsOf(translations) });
  return (
    <SettingsForm onSubmit={submit}>
      <Section
        header={t('system.launchTitle')}
        footer={`${t('system.launchHint')} ${t('system.messageLanguagesHint')}`}
      >
        <OperatorTextWithTranslations
          label={t('system.launchLabel')}
          placeholder={t('system.launchPlaceholder')}
          english={message}
          onEnglishChange={setMessage}
          drafts={translations}
          onDraftsChange={setTranslations}
          maxLength={LAUNCH_TEXT_MAX}
          rows={1}
          testId="admin-launch-text"
        />
      </Section>
      <Button type="submit" size="m" stretched loading={save.isPending} data-testid="admin-launch-save">
        {t('system.saveLaunch')}
      </Button>
      <Outcome mutation={save} testId="admin-launch" />
    </SettingsForm>
  );
}

function MiningForm({ current }: { current: AdminSystemResponse['mining'] }) {
  const { t } = useAdminTranslation();
  const [hours, setHours] = useState(String(current.MINING_CYCLE_HOURS));
  const [reward, setReward] = useState(String(current.MINING_REWARD));
  const save = useSetMiningSettings();
  return (
    <SettingsForm onSubmit={() => save.mutate({ MINING_CYCLE_HOURS: Number(hours), MINING_REWARD: Number(reward) })}>
      <Section header={t('system.miningTitle')} footer={t('system.miningHint')}>
        <Input
          header={t('system.cycleHours')}
          aria-label={t('system.cycleHours')}
          type="number"
          inputMode="decimal"
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          data-testid="admin-mining-hours"
        />
        <Input
          header={t('system.miningReward')}
          aria-label={t('system.miningReward')}
          type="number"
          inputMode="decimal"
          value={reward}
          onChange={(event) => setReward(event.target.value)}
          data-testid="admin-mining-reward"
        />
      </Section>
      <Button type="submit" size="m" stretched loading={save.isPending} data-testid="admin-mining-save">
        {t('system.saveMining')}
      </Button>
      <Outcome mutation={save} testId="admin-mining" />
    </SettingsForm>
  );
}

function DailyLoginForm({ current }: { current: AdminSystemResponse['dailyLogin'] }) {
  const { t } = useAdminTranslation();
  const [zp, setZp] = useState(String(current.zp));
  const [seb, setSeb] = useState(String(current.seb));
  const save = useSetDailyLoginReward();
  return (
    <SettingsForm onSubmit={() => save.mutate({ zp: Number(zp), seb: Number(seb) })}>
      <Section header={t('system.dailyTitle')}>
        <Input
          header={t('system.dailyZp')}
          aria-label={t('system.dailyZp')}
          type="number"
          inputMode="decimal"
          value={zp}
          onChange={(event) => setZp(event.target.value)}
          data-testid="admin-daily-zp"
        />
        <Input
          header={t('system.dailySeb')}
          aria-label={t('system.dailySeb')}
          type="number"
          inputMode="decimal"
          value={seb}
          onChange={(event) => setSeb(event.target.value)}
          data-testid="admin-daily-seb"
        />
      </Section>
      <Button type="submit" size="m" stretched loading={save.isPending} data-testid="admin-daily-save">
        {t('system.saveDaily')}
      </Button>
      <Outcome mutation={save} testId="admin-daily" />
    </SettingsForm>
  );
}

const OUTBOX_STATES = ['pending', 'due', 'sending', 'failed', 'unconfirmed'] as const;

/** Mail's and push's set-up (never credentials or private keys) and the outbox's queues per channel, read-only. */
function MailAndOutbox({ mail, push, outbox }: Pick<AdminSystemResponse, 'mail' | 'push' | 'outbox'>) {
  const { t, i18n } = useAdminTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <section className="zv-admin-card" data-testid="admin-outbox" aria-labelledby="admin-outbox-title">
      <Section header={t('system.mailTitle')}>
        {mail.enabled ? (
          <>
            <Cell subtitle={mail.transport} data-testid="admin-mail-transport" multiline>
              {t('system.mailTransport')}
            </Cell>
            <Cell subtitle={mail.from} data-testid="admin-mail-from" multiline>
              {t('system.mailFrom')}
            </Cell>
          </>
        ) : (
          <Cell data-testid="admin-mail-off" multiline>
            {t('system.mailOff')}
          </Cell>
        )}
      </Section>
      <Section header={t('system.pushTitle')}>
        {push.enabled ? (
          <>
            <Cell subtitle={push.keys} data-testid="admin-push-keys" multiline>
              {t('system.pushKeys')}
            </Cell>
            <Cell
              subtitle={<code className="zv-admin-key">{push.publicKey}</code>}
              data-testid="admin-push-key"
              multiline
            >
              {t('system.pushPublicKey')}
            </Cell>
            <Cell subtitle={format.format(push.devices)} data-testid="admin-push-devices" multiline>
              {t('system.pushDevices')}
            </Cell>
          </>
        ) : (
          <Cell data-testid="admin-push-off" multiline>
            {t('system.pushOff')}
          </Cell>
        )}
      </Section>
      <Text weight="2" id="admin-outbox-title">
        {t('system.outboxTitle')}
      </Text>
      <Caption level="1" className="zv-muted">
        {t('system.outboxHint')}
      </Caption>
      {outbox.map((row) => {
        const id = `${row.channel}-${row.kind}`;
        return (
          <div key={id} className="zv-dash-queue" data-testid={`admin-outbox-${id}`}>
            <Text weight="3">
              {t(`dashboard.channels.${row.channel}`)} · {t(`system.kinds.${row.kind}`)}
            </Text>
            <dl className="zv-dash-queue__figures">
              {OUTBOX_STATES.map((state) => (
                <div key={state}>
                  <dt>
                    <Caption level="1" className="zv-muted">
                      {state === 'sending' ? t('system.sending') : t(`dashboard.queue.${state}`)}
                    </Caption>
                  </dt>
                  <dd data-testid={`admin-outbox-${id}-${state}`}>{format.format(row[state])}</dd>
                </div>
              ))}
            </dl>
          </div>
        );
      })}
    </section>
  );
}

/** System: lockdown with its message, the launch text, mining cycle and reward, daily-login reward, mail, push and the outbox. */
export function SystemSettings() {
  const { t } = useAdminTranslation();
  const system = useAdminSystem();
  if (system.isPending) return <InlineLoader />;
  if (system.isError)
    return (
      <Notice tone="error" testId="admin-system-error">
        {t('system.loadFailed')}
      </Notice>
    );
  return (
    <div className="zv-admin-list" data-testid="admin-system">
      <LockdownForm current={system.data.lockdown} />
      <LaunchTextForm current={system.data.launchText} />
      <MiningForm current={system.data.mining} />
      <DailyLoginForm current={system.data.dailyLogin} />
      <MailAndOutbox mail={system.data.mail} push={system.data.push} outbox={system.data.outbox} />
    </div>
  );
}

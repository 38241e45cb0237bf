import { useState } from 'react';
import { Accordion, Section, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { TASK_RULE_TYPES } from '@ziver/shared';

type HelpItem = 'basics' | 'rules' | 'refresh';

/** The help accordion: how tasks work, what each requirement type means, stale progress. */
export function TasksHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<HelpItem | null>(null);
  const toggle = (item: HelpItem) => (isOpen: boolean) => setOpen(isOpen ? item : null);
  return (
    <Section header={t('tasks.help.title')} className="zv-section zv-tasks-help" data-testid="tasks-help">
      <Accordion expanded={open === 'basics'} onChange={toggle('basics')}>
        <Accordion.Summary multiline Component="button" className="zv-cell-action">
          {t('tasks.help.basicsTitle')}
        </Accordion.Summary>
        <Accordion.Content>
          <Text className="zv-tasks-help__answer">{t('tasks.help.basicsBody')}</Text>
        </Accordion.Content>
      </Accordion>
      <Accordion expanded={open === 'rules'} onChange={toggle('rules')}>
        <Accordion.Summary multiline Component="button" className="zv-cell-action">
          {t('tasks.help.rulesTitle')}
        </Accordion.Summary>
        <Accordion.Content>
          <ul className="zv-tasks-help__rules">
            {TASK_RULE_TYPES.map((type) => (
              <li key={type}>
                <Text>{t(`tasks.help.rules.${type}`)}</Text>
              </li>
            ))}
          </ul>
        </Accordion.Content>
      </Accordion>
      <Accordion expanded={open === 'refresh'} onChange={toggle('refresh')}>
        <Accordion.Summary multiline Component="button" className="zv-cell-action">
          {t('tasks.help.refreshTitle')}
        </Accordion.Summary>
        <Accordion.Content>
          <Text className="zv-tasks-help__answer">{t('tasks.help.refreshBody')}</Text>
        </Accordion.Content>
      </Accordion>
    </Section>
  );
}

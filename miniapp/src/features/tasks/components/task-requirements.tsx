import { Caption } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import type { Task } from '@ziver/shared';
import { useTranslateTaskMessage } from '../hooks/use-translate-task-message';
import { toRuleLine, type RuleLine } from '../utils/rule-line';
import { TaskIcon } from './task-icons';

/** One line per requirement: met or not, the numbers (actual of expected) and what is still missing. */
export function TaskRequirements({ progress }: { progress: Task['progress'] }) {
  const { t, i18n } = useTranslation();
  const translateTaskMessage = useTranslateTaskMessage();
  if (progress.progress.length === 0) return null;
  const amount = (value: number) => formatAmount(value, i18n.language);

  const textOf = (line: RuleLine) => {
    if (line.kind === 'message') return translateTaskMessage(line.message);
    const value = t(`tasks.rules.${line.ruleType}.value`, {
      actual: amount(line.actual),
      expected: amount(line.expected),
    });
    return `${t(`tasks.rules.${line.ruleType}.label`)}: ${value}`;
  };

  return (
    <ul className="zv-task__rules" aria-label={t('tasks.card.requirements')} data-testid="task-requirements">
      {progress.progress.map((result, index) => {
        const line = toRuleLine(result);
        return (
          <li
            key={`${result.rule_type}-${index}`}
            className={line.isValid ? 'zv-task__rule zv-task__rule--met' : 'zv-task__rule'}
            data-rule-type={result.rule_type}
            data-valid={line.isValid}
          >
            <TaskIcon name={line.isValid ? 'check' : 'circle'} size={16} className="zv-task__rule-icon" />
            <span className="zv-task__rule-text">
              {textOf(line)}
              <span className="zv-tasks-sr"> ({line.isValid ? t('tasks.rules.met') : t('tasks.rules.unmet')})</span>
            </span>
            {line.kind === 'rule' && !line.isValid && (
              <Caption level="2" className="zv-muted zv-task__rule-missing">
                {t('tasks.rules.remaining', { amount: amount(line.remaining) })}
              </Caption>
            )}
          </li>
        );
      })}
    </ul>
  );
}

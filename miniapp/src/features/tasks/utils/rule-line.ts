import { TASK_RULE_TYPES, type TaskRuleType } from '@ziver/shared';

/** One requirement line of a task card, in words the locale can build. */
export type RuleLine =
  | { kind: 'rule'; ruleType: TaskRuleType; isValid: boolean; actual: number; expected: number; remaining: number }
  /** A check the client cannot phrase itself (channel membership, unknown rules): the server's message. */
  | { kind: 'message'; isValid: boolean; message: string };

export function toRuleLine(result: {
  rule_type: string;
  isValid: boolean;
  message: string;
  expectedValue: number;
  actualValue: number;
}): RuleLine {
  const isKnown = (TASK_RULE_TYPES as readonly string[]).includes(result.rule_type);
  if (!isKnown) return { kind: 'message', isValid: result.isValid, message: result.message };
  return {
    kind: 'rule',
    ruleType: result.rule_type as TaskRuleType,
    isValid: result.isValid,
    actual: result.actualValue,
    expected: result.expectedValue,
    remaining: Math.max(0, result.expectedValue - result.actualValue),
  };
}

import { useState } from 'react';
import { Accordion, Section, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';

const QUESTIONS = [
  { question: 'landing.faq.q1', answer: 'landing.faq.a1' },
  { question: 'landing.faq.q2', answer: 'landing.faq.a2' },
  { question: 'landing.faq.q3', answer: 'landing.faq.a3' },
  { question: 'landing.faq.q4', answer: 'landing.faq.a4' },
] as const;

/** The four-question FAQ accordion; one answer open at a time. */
export function LandingFaq() {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <Section header={t('landing.faqTitle')} className="zv-section zv-landing__faq" data-testid="landing-faq">
      {QUESTIONS.map((item, index) => (
        <Accordion
          key={item.question}
          expanded={openIndex === index}
          onChange={(isOpen) => setOpenIndex(isOpen ? index : null)}
        >
          <Accordion.Summary multiline Component="button" className="zv-cell-action">
            {t(item.question)}
          </Accordion.Summary>
          <Accordion.Content>
            <Text className="zv-landing__answer">{t(item.answer)}</Text>
          </Accordion.Content>
        </Accordion>
      ))}
    </Section>
  );
}

import { Section, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { SubPageHeader } from '@/components/sub-page-header';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import type legalEn from '../locales/en';
import '../legal.css';

/** Where questions about privacy and these terms go. */
export const LEGAL_CONTACT_EMAIL = 'support@ziver.io';

type Document = 'privacy' | 'terms';
type SectionId<D extends Document> = keyof (typeof legalEn)[D]['sections'];

const SECTIONS: { [D in Document]: readonly SectionId<D>[] } = {
  privacy: ['collect', 'use', 'images', 'sharing', 'storage', 'rights', 'children', 'changes', 'contact'],
  terms: ['account', 'points', 'fairUse', 'content', 'availability', 'termination', 'liability', 'contact'],
};

/** /privacy and /terms: open signed in or out; back goes to settings, or home when signed out. */
export function LegalPage({ document }: { document: Document }) {
  const { t } = useTranslation();
  const isSignedIn = useSession() !== null;
  const email = LEGAL_CONTACT_EMAIL;
  return (
    <Page testId={`${document}-page`} className="zv-legal">
      <SubPageHeader
        title={t(`legal.${document}.title`)}
        backTo={isSignedIn ? paths.settings : paths.home}
        backLabel={t('legal.back')}
      />
      <Text className="zv-muted zv-legal__updated">{t('legal.updated')}</Text>
      <p className="zv-legal__intro">{t(`legal.${document}.intro`)}</p>
      <Section className="zv-section">
        {(SECTIONS[document] as readonly string[]).map((id, index) => (
          <section key={id} className="zv-legal__section" aria-labelledby={`legal-${id}`}>
            <h2 id={`legal-${id}`} className="zv-legal__heading">
              {index + 1}. {t(`legal.${document}.sections.${id}.title` as 'legal.privacy.sections.use.title')}
            </h2>
            <p>{t(`legal.${document}.sections.${id}.body` as 'legal.privacy.sections.use.body', { email })}</p>
          </section>
        ))}
      </Section>
    </Page>
  );
}

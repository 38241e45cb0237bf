import { Button, Caption, Cell, LargeTitle, Section, Text, Title } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon, type IconName } from '@/components/icons';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { LandingFaq } from './landing-faq';

/** The problems section of the landing page (docs/spec.md §2): what Ziver answers. */
const PROBLEMS = ['interest', 'gambling', 'value'] as const;

const BENEFITS: { key: 'mining' | 'social' | 'halal'; icon: IconName }[] = [
  { key: 'mining', icon: 'mining' },
  { key: 'social', icon: 'users' },
  { key: 'halal', icon: 'shield' },
];

/** The signed-out home page on the web: pitch, early access, FAQ. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <main className="zv-page zv-landing" data-testid="landing">
      <section className="zv-landing__hero">
        <Logo size={64} withWord={false} />
        <span className="zv-landing__badge">{t('landing.heroBadge')}</span>
        <LargeTitle weight="1" Component="h1" className="zv-landing__title">
          {t('landing.heroTitle')}
        </LargeTitle>
        <Text className="zv-landing__subtitle">{t('landing.heroSubtitle')}</Text>
        <div className="zv-landing__actions">
          <Button Component={Link} href={paths.register} size="l" stretched data-testid="get-early-access">
            {t('landing.getEarlyAccess')}
          </Button>
          <Button Component={Link} href={paths.login} size="l" mode="bezeled" stretched data-testid="landing-sign-in">
            {t('landing.signIn')}
          </Button>
        </div>
      </section>

      <Section header={t('landing.whatIsTitle')} className="zv-section">
        <div className="zv-landing__prose">
          <Text>{t('landing.whatIsBody')}</Text>
        </div>
      </Section>

      <Section header={t('landing.problemsTitle')} className="zv-section" data-testid="landing-problems">
        {PROBLEMS.map((key) => (
          <Cell key={key} multiline subtitle={t(`landing.problems.${key}.body`)}>
            {t(`landing.problems.${key}.title`)}
          </Cell>
        ))}
      </Section>

      <section className="zv-landing__benefits" aria-labelledby="zv-benefits-title">
        <Title level="3" weight="2" Component="h2" id="zv-benefits-title" className="zv-landing__section-title">
          {t('landing.benefitsTitle')}
        </Title>
        <div className="zv-landing__benefit-grid">
          {BENEFITS.map(({ key, icon }) => (
            <article key={key} className="zv-benefit">
              <span className="zv-benefit__icon">
                <Icon name={icon} size={22} />
              </span>
              <Text weight="2">{t(`landing.benefits.${key}.title`)}</Text>
              <Caption level="1" className="zv-muted">
                {t(`landing.benefits.${key}.body`)}
              </Caption>
            </article>
          ))}
        </div>
      </section>

      <LandingFaq />

      <footer className="zv-landing__footer">
        <Caption level="1" className="zv-muted">
          {t('landing.footerDisclaimer')}
        </Caption>
        <Caption level="2" className="zv-muted" data-testid="landing-rights">
          {/* A string: numbers put into texts are written as amounts ("2,026", i18n/index.ts). */}
          {t('landing.footerRights', { year: String(new Date().getFullYear()) })}
        </Caption>
      </footer>
    </main>
  );
}

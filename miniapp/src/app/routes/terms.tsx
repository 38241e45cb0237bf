import { LegalPage } from '@/features/legal/components/legal-page';

export default function TermsRoute() {
  return <LegalPage document="terms" />;
}

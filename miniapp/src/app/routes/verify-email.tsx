import { Page } from '@/components/page';
import { VerifyEmailScreen } from '@/features/auth/components/verify-email-screen';

export default function VerifyEmailRoute() {
  return (
    <Page testId="verify-email-page">
      <VerifyEmailScreen />
    </Page>
  );
}

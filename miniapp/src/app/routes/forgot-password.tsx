import { Page } from '@/components/page';
import { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen';

export default function ForgotPasswordRoute() {
  return (
    <Page testId="forgot-password-page">
      <ForgotPasswordScreen />
    </Page>
  );
}

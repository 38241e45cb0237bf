import { Page } from '@/components/page';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';

export default function ResetPasswordRoute() {
  return (
    <Page testId="reset-password-page">
      <ResetPasswordScreen />
    </Page>
  );
}

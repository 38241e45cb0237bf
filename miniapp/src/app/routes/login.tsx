import { Page } from '@/components/page';
import { LoginScreen } from '@/features/auth/components/login-screen';

export default function LoginRoute() {
  return (
    <Page testId="login-page">
      <LoginScreen />
    </Page>
  );
}

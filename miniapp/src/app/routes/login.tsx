import { Page } from '@/components/page';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <Page testId="login-page">
      <LoginForm />
    </Page>
  );
}

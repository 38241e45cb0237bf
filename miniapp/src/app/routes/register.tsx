import { Page } from '@/components/page';
import { RegisterScreen } from '@/features/auth/components/register-screen';

export default function RegisterRoute() {
  return (
    <Page testId="register-page">
      <RegisterScreen />
    </Page>
  );
}

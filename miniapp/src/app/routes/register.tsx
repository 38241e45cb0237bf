import { Page } from '@/components/page';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  return (
    <Page testId="register-page">
      <RegisterForm />
    </Page>
  );
}

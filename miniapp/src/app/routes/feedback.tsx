import { FeedbackPage } from '@/features/feedback/components/feedback-page';

export default function FeedbackRoute() {
  return <FeedbackPage />;
}

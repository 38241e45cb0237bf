import { MiningScreen } from '@/features/mining/components/mining-screen';

export default function MiningRoute() {
  return <MiningScreen />;
}

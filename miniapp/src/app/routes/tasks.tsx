import { TasksScreen } from '@/features/tasks/components/tasks-screen';

export default function TasksRoute() {
  return <TasksScreen />;
}

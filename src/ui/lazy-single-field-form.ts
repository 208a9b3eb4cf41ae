import { lazyView } from '@/ui/lazy-view';
import type { SingleFieldFormProps } from '@/ui/SingleFieldForm';

/**
 * SingleFieldForm for editors a user opens (the team name): @mantine/form and the schema load with
 * the editor, not with the page. Forms shown on arrival (the invite form) import SingleFieldForm.
 */
export const LazySingleFieldForm = lazyView<SingleFieldFormProps>(
  async () => (await import('@/ui/SingleFieldForm')).SingleFieldForm,
);

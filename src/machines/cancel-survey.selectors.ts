import type { SnapshotFrom } from 'xstate';
import type { cancelSurveyMachine } from './cancel-survey.machine';

type CancelSurveySnapshot = SnapshotFrom<typeof cancelSurveyMachine>;

export type CancelSurveyView = 'confirming' | 'survey' | 'cancelling' | 'closed';

export const selectCancelView = (snapshot: CancelSurveySnapshot): CancelSurveyView => {
  if (snapshot.status === 'done') return 'closed';
  if (snapshot.matches('confirming')) return 'confirming';
  if (snapshot.matches('survey')) return 'survey';
  return 'cancelling';
};

import { Button, Modal, Stack, Text } from '@mantine/core';
import classes from './SurveyPopup.module.css';

export interface SurveyPopupProps {
  opened: boolean;
  /** The popup's size (spec section 9: 75). */
  size: number;
  answers: readonly string[];
  onAnswer: (answer: string) => void;
  onDismiss: () => void;
}

/** The short survey shown after 'Cancel Subscription'; it closes by itself after a few seconds. */
export function SurveyPopup({ opened, size, answers, onAnswer, onDismiss }: SurveyPopupProps) {
  return (
    <Modal opened={opened} onClose={onDismiss} title="Why are you cancelling?" size={`${size}%`} centered>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Pick one, it helps us improve.
        </Text>
        {answers.map((answer) => (
          <Button
            key={answer}
            variant="default"
            classNames={{ root: classes.answer, label: classes.answerLabel }}
            onClick={() => onAnswer(answer)}
          >
            {answer}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}

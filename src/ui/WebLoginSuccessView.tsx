import { Button, Stack, Text, Title } from '@mantine/core';
import classes from './WebLoginSuccessView.module.css';

export interface WebLoginSuccessViewProps {
  /** loading: the token login is under way; invalid: the token was refused. */
  state: 'loading' | 'invalid' | 'ready';
  benefits: readonly string[];
  onContinue: () => void;
}

/** /teams/{tid}-{uid}/weblogin-success (spec section 2): the team is on Premium, its benefits, Continue. */
export function WebLoginSuccessView({ state, benefits, onContinue }: WebLoginSuccessViewProps) {
  if (state === 'loading') {
    return (
      <Text role="status" ta="center" py="xl">
        Loading...
      </Text>
    );
  }
  if (state === 'invalid') {
    return (
      <Text role="alert" c="red" fw={500} ta="center" py="xl">
        Token is invalid
      </Text>
    );
  }
  return (
    <Stack align="center" gap="md" py="xl" maw="32rem" mx="auto">
      <Title order={1} ta="center">
        Your team is now on Spark Premium!
      </Title>
      <ul aria-label="Benefits" className={classes.benefits}>
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <Text ta="center">Your free 14-day trial will start from the log in Spark.</Text>
      <Button size="md" onClick={onContinue}>
        Continue
      </Button>
    </Stack>
  );
}

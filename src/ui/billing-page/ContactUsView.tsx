import { Anchor, Paper, Text, Title } from '@mantine/core';
import classes from './ContactUs.module.css';

export interface ContactUsViewProps {
  /** 'Talk to Customer Success' or 'Talk to Sales'. */
  title: string;
  /** The scheduling page, prefilled with the user's name and email. */
  schedulingUrl: string;
}

/**
 * The contact-us page: the scheduling widget, embedded as a frame (no third-party script on the page),
 * and the same page as a plain link under it. A frame that cannot load (a blocker, a strict network,
 * offline) gives the page no reliable sign of it across origins, so the way out is always there.
 */
export function ContactUsView({ title, schedulingUrl }: ContactUsViewProps) {
  return (
    <Paper component="section" aria-labelledby="contact-us-title" withBorder p="lg" className={classes.card}>
      <Title order={3} size="h4" id="contact-us-title">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Pick a time that suits you and we will call you.
      </Text>
      <iframe
        className={classes.frame}
        title={`${title}: schedule a call`}
        src={schedulingUrl}
        loading="lazy"
      />
      <Text size="sm" mt="sm">
        Calendar not showing?{' '}
        <Anchor href={schedulingUrl} target="_blank" rel="noopener noreferrer">
          Open the scheduling page in a new tab
        </Anchor>
      </Text>
    </Paper>
  );
}

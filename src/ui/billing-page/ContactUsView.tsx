import { Paper, Text, Title } from '@mantine/core';
import classes from './ContactUs.module.css';

export interface ContactUsViewProps {
  /** 'Talk to Customer Success' or 'Talk to Sales'. */
  title: string;
  /** The scheduling page, prefilled with the user's name and email. */
  schedulingUrl: string;
}

/** The contact-us page: the scheduling widget, embedded as a frame (no third-party script on the page). */
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
    </Paper>
  );
}

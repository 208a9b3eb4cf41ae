import { Avatar as MantineAvatar, type MantineSize } from '@mantine/core';
import { avatarColor, avatarInitials } from '@/domain/avatar';
import classes from './Avatar.module.css';

export interface AvatarProps {
  /** A person's or team's name: the source of the initials and the colour. */
  name: string;
  /** Picture URL; without one (or when it fails to load) the initials show. */
  src?: string | null;
  size?: MantineSize | number;
}

/**
 * A picture, or uppercase initials on a circle coloured by the initials (spec section 1). The initials
 * are drawn by CSS (Avatar.module.css says why); `data-initials` carries them.
 */
export function Avatar({ name, src = null, size = 'md' }: AvatarProps) {
  const initials = avatarInitials(name);
  return (
    <MantineAvatar src={src} alt={name} size={size} variant="filled" color={avatarColor(initials)}>
      <span className={classes.initials} data-initials={initials} />
    </MantineAvatar>
  );
}

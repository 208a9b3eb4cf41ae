import { render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { avatarColor } from '@/domain/avatar';
import { Avatar } from '@/ui/Avatar';

describe('Avatar', () => {
  it('shows the initials of the first and last words on the colour chosen for them', () => {
    render(
      <Providers env="test">
        <Avatar name="Olivia May Owens" />
      </Providers>,
    );
    const initials = document.querySelector('[data-initials="OO"]') as HTMLElement;
    expect(initials).toBeTruthy();
    const circle = initials.closest('.mantine-Avatar-root') as HTMLElement;
    expect(circle.style.getPropertyValue('--avatar-bg').toLowerCase()).toBe(avatarColor('OO').toLowerCase());
  });

  it('shows the picture when there is one', () => {
    render(
      <Providers env="test">
        <Avatar name="Mia Member" src="/api/v1/avatars/abc" />
      </Providers>,
    );
    expect(screen.getByRole('img', { name: 'Mia Member' }).getAttribute('src')).toBe('/api/v1/avatars/abc');
  });
});

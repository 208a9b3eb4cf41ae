import { describe, expect, it } from 'vitest';
import { ACCEPTED_IMAGE_INPUT, isAcceptedImageName } from './image-upload';

describe('isAcceptedImageName', () => {
  it.each(['logo.png', 'logo.jpg', 'logo.jpeg', 'LOGO.PNG', 'my.team.Jpeg'])('accepts %s', (name) => {
    expect(isAcceptedImageName(name)).toBe(true);
  });

  it.each(['logo.gif', 'logo.svg', 'logo.png.exe', 'logo', 'png', '.png', 'logo.webp'])(
    'refuses %s',
    (name) => {
      expect(isAcceptedImageName(name)).toBe(false);
    },
  );

  it('offers the same types to the file picker', () => {
    expect(ACCEPTED_IMAGE_INPUT).toBe('.jpg,.jpeg,.png,image/png,image/jpeg');
  });
});
